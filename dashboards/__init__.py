"""The vint-replay dashboard (Dash): ``create_app`` in :mod:`dashboards.app`; see docs/dashboard.md."""
