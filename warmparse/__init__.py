"""The warm parse (docs/DESIGN.md#performance): a per-user analyzer process that keeps spaCy loaded between stops.

use.py is all a stop without a phrase imports; route.py decides warm or in-process for one parse;
client.py talks to a server and starts one; server.py is the process; wire.py, codec.py, key.py and
place.py are its frame format, record encoding, server key and private socket folder.
"""
