"""The pages as a browser without JavaScript sees them, through Flask's test client: no browser needed."""
