"""The site's features around the tables (accounts; later ratings, tournaments, puzzles, the bot API): each a
package of its own that uses the tables only through :mod:`tabletop.server.seams` and the table events, never
the engine's parts, and that the engine never imports."""
