"""The static site (``buraco-learn build-site DIR``): the whole course in the browser, on Pyodide.

:mod:`buraco_learn.site.build` writes it (JupyterLite's Notebook app, Pyodide and every wheel inside
``DIR``), :mod:`buraco_learn.site.assets` fetches and caches what it needs, and
:mod:`buraco_learn.site.storage` runs in the browser: it keeps the learner's progress in IndexedDB.
``static/`` holds the page's script and style (run the lesson on opening, hide its code, make the
lessons' links work in the Notebook app). Nothing here is imported by the engine or the app.
"""
