"""The site stage: Jinja2 templates, assets with content hashes, sitemap."""
