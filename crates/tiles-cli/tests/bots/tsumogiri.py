"""The smallest mjai bot: discards every tile it draws, and passes on everything else.

Run as `python3 tsumogiri.py SEAT` by a host speaking mjai.app's batch form: one line in is a
JSON array of events, one JSON object out.
"""
import json
import sys

seat = int(sys.argv[1])
for line in sys.stdin:
    events = json.loads(line)
    last = events[-1]
    if last["type"] == "tsumo" and last["actor"] == seat:
        answer = {"type": "dahai", "actor": seat, "pai": last["pai"], "tsumogiri": True}
    else:
        answer = {"type": "none"}
    print(json.dumps(answer), flush=True)
