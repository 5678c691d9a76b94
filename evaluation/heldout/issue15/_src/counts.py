"""Print markdown count tables for the JSONL files (used for README.md)."""
import json, os
from collections import Counter
OUT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
def tab(title, c):
    s = f"\n*{title}*: " + ", ".join(f"{k}={v}" for k, v in sorted(c.items(), key=lambda x: (-x[1], str(x[0]))))
    return s
for base, keys in [('special', ['label', 'form', 'lang']), ('secrets', ['has_secret', 'kind', 'lang']), ('instructions', ['is_instruction', 'form', 'lang'])]:
    for split in ['dev', 'heldout']:
        f = f'{base}_{split}.jsonl'
        rows = [json.loads(l) for l in open(os.path.join(OUT, f), encoding='utf-8')]
        print(f"\n#### `{f}` — {len(rows)} lines")
        for k in keys: print(tab(k, Counter(r[k] for r in rows)))
        if base == 'special':
            sp = [r for r in rows if r['label'] != 'none']
            print(tab('special notes per form (label != none)', Counter(r['form'] for r in sp)))
            print(tab('special notes per lang (label != none)', Counter(r['lang'] for r in sp)))
        if base == 'instructions':
            print(tab('rows with a `note`', Counter(r['is_instruction'] for r in rows if r['note'])))
