"""Rating whole puzzle banks: a time limit per puzzle, a resumable SQLite store, streaming on
every core (`run`) or on a Dask cluster (`cluster`).

This layer sits above `api` and below `cli`: the command line's ``rate --db``, ``--time-limit``,
``--jobs`` and ``--cluster`` options are thin wrappers over these modules, and a library user can
call them directly (`run.rate_bank`).
"""
