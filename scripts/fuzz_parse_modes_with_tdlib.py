#!/usr/bin/env python3
"""Fuzz msgfmt's MarkdownV2 and HTML parsers against tdlib's (PyPI package `tdjson`).

Random strings of markup pieces are parsed by both; results (normalized by msgfmt) and
error messages must agree.

    python3 scripts/fuzz_parse_modes_with_tdlib.py md|markdown|html SEED COUNT
"""
import json, random, subprocess, sys
sys.path.insert(0, 'scripts')
from check_with_tdlib import tdlib_parse, without_carriage_returns
B=sys.argv[4] if len(sys.argv) > 4 else '.build/release/msgfmt'
rng=random.Random(int(sys.argv[2]))
mode=sys.argv[1]
if mode=='markdown':
    atoms=['*','_','`','```','```py\n','[',']','(',')','](http://x.com)','\\','\\*','\\_','a','b c',' ','😀','.','\n']
elif mode=='md':
    atoms=['*','_','__','~','||','`','```','```py\n','[',']','(',')','![','](tg://emoji?id=5)','](http://x.com)','>','\n','\n>','**>','\\','\\*','a','b c',' ','😀','.','!','#','','\r','](tg://time?unix=5)','](tg://time?unix=0)','](tg://emoji?id=0)','](tg://time?unix=5&format=R)']
else:
    atoms=['<b>','</b>','<i>','</i>','<u>','</u>','<s>','</s>','<tg-spoiler>','</tg-spoiler>','<code>','</code>','<pre>','</pre>','<pre><code class="language-x">','</code></pre>','<a href="http://x.com">','</a>','<a>','<blockquote>','</blockquote>','<blockquote expandable>','&lt;','&amp;','&#65;','&x;','a','b c',' ','😀','\n','</>','<tg-emoji emoji-id="5">','</tg-emoji>','&#57311;','&#xD83D;','&#X41;','&#00000065;','&#1114111;','&#x10FFFE;','&#0;','&#;','&#65','&#13;','\r']
n=int(sys.argv[3]); diffs=0
for i in range(n):
    s=''.join(rng.choice(atoms) for _ in range(rng.randint(1,12)))
    theirs, err = tdlib_parse(s, mode)
    source = {'md': 'markdown-v2', 'markdown': 'markdown', 'html': 'html'}[mode]
    p=subprocess.run([B,'--from',source,'--to','bot-api'],input=(s+'\n').encode(),capture_output=True)
    ours=p.stdout.decode().strip(); oerr=p.stderr.decode()
    if err:
        e=err.replace("Can't parse entities: ","")
        if e not in oerr:
            diffs+=1; print('ERRDIFF',repr(s),'|',e,'|',oerr.strip()[:200])
        continue
    if not ours:
        diffs+=1; print('WE FAIL',repr(s),oerr.strip()[:200]); continue
    # Both as Telegram's server stores them: without \r.
    t=subprocess.run([B,'--from','bot-api','--to','bot-api'],input=json.dumps(without_carriage_returns(theirs)).encode(),capture_output=True).stdout.decode().strip()
    ours=subprocess.run([B,'--from','bot-api','--to','bot-api'],input=json.dumps(without_carriage_returns(json.loads(ours))).encode(),capture_output=True).stdout.decode().strip()
    o=json.loads(ours); tt=json.loads(t)
    for x in (o,tt):
        for e in x['entities']: e.pop('date_time_format',None)
    if o!=tt:
        diffs+=1; print('DIFF',repr(s),'\n  td',t,'\n  us',ours)
print('diffs',diffs,'of',n)
