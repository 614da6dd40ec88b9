"""The pages in Debian's Chromium, driven by Playwright at a phone's size, against `scorekeeper serve`."""
