"""Research interfaces for every game of the table: PettingZoo, Gymnasium and OpenSpiel.

A game supplies an :class:`~tabletop.rl.spec.RLGame` (its versioned action catalogue, observation
encoder, bots and scores); :func:`tabletop.rl.api.api` turns it into the four entry points each
game's ``rl`` module exports (``env``, ``parallel_env``, ``GymEnv``, ``register_openspiel``).
Modules: ``catalogue``, ``layout``, ``spec``, ``pettingzoo_env``, ``gym_env``, ``openspiel_game``
(with ``openspiel_params``, ``openspiel_state``, ``openspiel_chance``: explicit chance, and
``infostate``: perfect-recall trails),
``spaces`` (docs/research/rl-spaces.md), ``render``/``render_image`` (ansi, rgb_array), ``policy`` (trained
policies as bots), ``table_bots`` (them in the browser lobby), ``train``.
This package imports nothing heavy itself; its modules need the ``[rl]`` extra. See docs/research/rl.md.
"""
