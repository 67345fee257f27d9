"""The web app's routes, one module per part of the protocol: the pages (:mod:`.pages`), the lobby's
API (:mod:`.lobby`), replays (:mod:`.replay`) and a game's WebSocket (:mod:`.socket`). Each reads the
process's :class:`~webtable.rooms.Hub` from the app's state (:func:`.common.hub_of`)."""
