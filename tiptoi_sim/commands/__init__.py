"""One module per subcommand of ``tiptoi-sim`` (see :mod:`tiptoi_sim.cli` for the contract)."""
