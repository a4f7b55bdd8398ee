import sys

from rulebook.cli import main

sys.exit(main())
