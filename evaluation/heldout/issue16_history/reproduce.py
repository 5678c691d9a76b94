"""At a reading's commit: the chain's misleading merges (and merged equivalents) on that set. argv: set path."""
import json, sys, os, pickle
sys.path.insert(0, os.getcwd())
from memory.equivalence import Statement, default_chain, Label
try:
    sims = pickle.load(open("/tmp/ft/sims.pkl", "rb"))  # {(a, b): cosine}, evaluation.freetext_cv.similarities
except FileNotFoundError:
    sys.exit("needs /tmp/ft/sims.pkl: the note similarities of evaluation.freetext_cv.similarities")
chain = default_chain()
mis, eq = [], []
for line in open(sys.argv[1]):
    r = json.loads(line)
    sim = sims.get((r["a"], r["b"]))
    if sim is None or sim < 0.5: continue
    j = chain.judge(Statement(r["a"]), Statement(r["b"]), similarity=sim)
    if j.label is Label.EQUIVALENT:
        (mis if r["label"] == "misleading" else eq).append(r["id"])
print(json.dumps({"mis": mis, "eq": len(eq)}))
