"""Drawing: one model of primitives in mm (shapes.py), two backends (svg.py, pdf.py)."""
