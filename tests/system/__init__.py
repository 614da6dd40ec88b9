"""Against real `scorekeeper serve` processes (gunicorn, several workers, Redis, event streams)."""
