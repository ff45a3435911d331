"""The dashboard pages; Dash registers each module as a page (``dash.register_page``)."""
