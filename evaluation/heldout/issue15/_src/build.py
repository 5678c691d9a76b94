"""Serialise the hand-written notes in this folder to JSONL (no text generation)."""
import json, random, os
D = os.path.dirname(os.path.abspath(__file__)); OUT = os.path.dirname(D)
def load(f):
    g = {}; exec(open(os.path.join(D, f), encoding='utf-8').read(), g); return list(g['S'])
def write(name, rows):
    with open(os.path.join(OUT, name), 'w', encoding='utf-8') as fh:
        for r in rows: fh.write(json.dumps(r, ensure_ascii=False) + '\n')
for split, p in [('dev', 'd'), ('heldout', 'h')]:
    rng = random.Random(15)
    rows = load(f'special_{split}.py'); rng.shuffle(rows)
    write(f'special_{split}.jsonl', [dict(id=f's{p}-{i:03d}', text=t, label=l, form=fo, lang=la) for i, (l, fo, la, t) in enumerate(rows, 1)])
    rows = load(f'secrets_{split}.py'); rng.shuffle(rows)
    write(f'secrets_{split}.jsonl', [dict(id=f'k{p}-{i:03d}', text=t, has_secret=h, secret=s, kind=k, lang=la) for i, (h, k, la, t, s) in enumerate(rows, 1)])
    rows = load(f'instructions_{split}.py'); rng.shuffle(rows)
    write(f'instructions_{split}.jsonl', [dict(id=f'i{p}-{i:03d}', text=t, is_instruction=b, form=fo, lang=la, note=n) for i, (b, fo, la, t, n) in enumerate(rows, 1)])
