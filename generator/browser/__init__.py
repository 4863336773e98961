"""What runs in the reader's browser, under Pyodide in a Web Worker: the worker's way in
(boot.py), the session that answers the page's requests (session.py) and the diagrams it
draws (diagram.py). Standard library, generator.play and generator.draw only: the play
bundle ships this package with what it imports (generator/interactive/bundle.py)."""
