"""What the tests share: app and database factories, live servers, API and page helpers, the page parser, QR
decoding, the browser's steps. Tests import from here, never from another test module."""
