"""Exports of a game's components beyond the print-and-play kit: print-on-demand card files,
Tabletopia images and a Tabletop Simulator save, all rasterised from the kit's own drawings."""
