"""scorekeeper: keep the score of Bela, Clobyosh, Klaberjass, Clobby and Belote at a real table."""

from __future__ import annotations

from typing import Any

from flask import Flask, jsonify

from .rules import PRESETS


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """The application factory: defaults, then the instance config, then SCOREKEEPER_* env, then test_config."""
    app = Flask(__name__, instance_relative_config=True)
    app.config.from_mapping(JSON_SORT_KEYS=False)
    app.config.from_prefixed_env("SCOREKEEPER")
    if test_config:
        app.config.from_mapping(test_config)

    @app.get("/api/v1/variants")
    def variants() -> Any:
        return jsonify({"variants": [rules.as_dict() for rules in PRESETS.values()]})

    return app
