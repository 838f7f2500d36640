"""Play the games against the AI in a browser: ``conan-play --web`` (see server.py)."""
