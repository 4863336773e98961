"""The Content-Security-Policy every page carries: one string, which the pages send
(generator.site.pages) and the content checks read (a site's `pyodide_url` must be a place
it lets pages load scripts from: generator.content.pyodide_url). It lives below both so
neither layer imports the other for it."""

CSP = ("default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; "
       "img-src 'self' data:; font-src 'self'; connect-src 'self'; worker-src 'self'; "
       "object-src 'none'; base-uri 'none'; form-action 'none'")
