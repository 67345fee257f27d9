"""The browser table: a web server (FastAPI + WebSockets) that hosts games between people and bots.

Games, editions/modules and bot kinds plug in through small registries (:mod:`webtable.registry`);
storage is event-sourced (:mod:`webtable.store`); :mod:`webtable.views` is the one place that decides
what a browser receives; :mod:`webtable.rooms` runs live games and bots; :mod:`webtable.app` is the
FastAPI application.

    from webtable.app import create_app
    app = create_app("sqlite:///games.db")
"""
