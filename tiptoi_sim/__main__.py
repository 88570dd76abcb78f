from tiptoi_sim.cli import main

raise SystemExit(main())
