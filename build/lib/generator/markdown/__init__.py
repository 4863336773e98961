"""Markdown to HTML: markdown-it-py with one small module per syntax rule."""
