#!/usr/bin/env python3
"""Compare `msgfmt --detect` with tdlib's own entity detection (PyPI package `tdjson`).

    python3 scripts/compare_detection_with_tdlib.py MESSAGES.jsonl COUNT [SHOWN]

Reads Bot API messages (only their text is used); phone numbers and media timestamps,
which msgfmt does not detect, are ignored.
"""
import json, subprocess, sys
from tdjson import td_execute
B='.build/release/msgfmt'  # build with: swift build -c release
lines=[json.loads(l) for l in open(sys.argv[1]) if l.strip()][:int(sys.argv[2])]
M={'Mention':'mention','Hashtag':'hashtag','Cashtag':'cashtag','BotCommand':'bot_command','Url':'url','EmailAddress':'email','BankCardNumber':'bank_card','PhoneNumber':'phone_number'}
diffs=0
texts=[l['text'] for l in lines]
inp=''.join(json.dumps({"text":t})+'\n' for t in texts)
ours=subprocess.run([B,'--from','bot-api','--to','bot-api','--detect'],input=inp.encode(),capture_output=True).stdout.decode().splitlines()
for t,o in zip(texts,ours):
    r=json.loads(td_execute(json.dumps({"@type":"getTextEntities","text":t}).encode()))
    td=sorted((e['offset'],e['length'],M.get(e['type']['@type'][14:],e['type']['@type'][14:])) for e in r['entities'])
    td=[x for x in td if x[2] not in ('MediaTimestamp','phone_number')]
    us=sorted((e['offset'],e['length'],e['type']) for e in json.loads(o)['entities'])
    if td!=us:
        diffs+=1
        if diffs <= (int(sys.argv[3]) if len(sys.argv) > 3 else 8):
            u16=t.encode('utf-16-le')
            sub=lambda a,b: u16[2*a:2*(a+b)].decode('utf-16-le')
            print('TD only',[(x,sub(x[0],x[1])) for x in td if x not in us],'\n US only',[(x,sub(x[0],x[1])) for x in us if x not in td])
print('diffs',diffs,'of',len(texts))
