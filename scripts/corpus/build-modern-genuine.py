#!/usr/bin/env python3
"""Rebuilds corpus/modern-genuine/ (ham/NNNNN.eml + labels.jsonl) from pinned public repositories.

    python3 scripts/corpus/build-modern-genuine.py [--mirrors DIR] [--shared DIR] [--out DIR] [--sources FILE]

--mirrors holds one bare git directory per source as <owner>+<name>/repo (what the search tool's
`fetch` brings, or `git clone --bare https://github.com/<owner>/<name> <owner>+<name>/repo`; every
commit it needs is pinned in modern-genuine-sources.json). --shared is the folder with dev/ and
train-extra/ (de-duplication across all three). Stdlib only; deterministic: the same mirrors give
byte-identical files and labels.jsonl. How the set is made: corpus/modern-genuine/README.md.
"""
import argparse
import email
import gzip
import hashlib
import html
import json
import os
import re
import shutil
import subprocess
import sys
from email import policy
from email.utils import getaddresses, parsedate_to_datetime

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
MAX_BYTES = 500 * 1024  # as dev and train-extra: bigger messages are dropped, never cut
PER_DOMAIN_CAP = 15  # as train-extra: at most this many messages per sender organisation domain
MIN_YEAR = 2015
PICK_SALT = 'phish-modern-genuine-v1|pick|'

# Mailboxes of private people: mail from these domains is person-to-person, never a company's.
FREEMAIL = {
    'gmail.com', 'googlemail.com', 'yahoo.com', 'hotmail.com', 'outlook.com', 'live.com', 'msn.com',
    'icloud.com', 'me.com', 'aol.com', 'gmx.de', 'gmx.net', 'web.de', 'proton.me', 'protonmail.com',
    'yandex.ru', 'mail.ru', 'qq.com', '163.com', 'free.fr', 'orange.fr', 'laposte.net', 'libero.it',
}
# Google Takeout export metadata (the owner's folder names), not part of the mail as received.
EXPORT_HEADERS = re.compile(rb'^(x-gm-thrid|x-gmail-labels):', re.I)
TWO_LEVEL_SUFFIXES = {'co.uk', 'org.uk', 'ac.uk', 'co.jp', 'ne.jp', 'or.jp', 'com.au', 'com.br', 'co.nz', 'com.mx'}


def git_show(git_dir, commit, path):
    return subprocess.run(['git', '--git-dir', git_dir, 'show', f'{commit}:{path}'], check=True, capture_output=True).stdout


def split_mbox(data):
    """mbox → messages, split at each `From ` line that opens the file or follows an empty line."""
    if not data.startswith(b'From '):
        return [data]
    chunks = re.split(rb'(?:\A|(?<=\n\n))(?=From [^\n]*\n)', data)
    return [c for c in chunks if c.strip()]


def normalise(raw):
    raw = raw.replace(b'\r\n', b'\n')
    if raw.startswith(b'From '):
        raw = raw.split(b'\n', 1)[1] if b'\n' in raw else b''
    head, sep, body = raw.partition(b'\n\n')
    lines, skip = [], False
    for line in head.split(b'\n'):
        if line[:1] in (b' ', b'\t'):
            if not skip:
                lines.append(line)
            continue
        skip = bool(EXPORT_HEADERS.match(line))
        if not skip:
            lines.append(line)
    return b'\n'.join(lines) + sep + body


def valid(msg, raw):
    head = raw.partition(b'\n\n')[0]
    names = {m.group(1).lower() for m in re.finditer(rb'^([!-9;-~]+):', head, re.M)}
    return len(names) >= 2 and bool(names & {b'from', b'subject', b'date', b'received', b'message-id'})


def decoded_parts(msg):
    for part in msg.walk():
        if part.is_multipart():
            continue
        payload = part.get_payload(decode=True) or b''
        if part.get_content_maintype() == 'text':
            charset = part.get_content_charset() or 'utf-8'
            try:
                text = payload.decode(charset, errors='replace')
            except LookupError:
                text = payload.decode('utf-8', errors='replace')
            yield part.get_content_subtype(), text, None
        else:
            yield None, None, payload


def body_hash(msg):
    """SHA-256 over the decoded text parts (lower-cased, whitespace collapsed, joined by NUL) and the
    SHA-256 of each decoded non-text part: headers, boundaries and transfer encodings do not count."""
    h = hashlib.sha256()
    for _, text, payload in decoded_parts(msg):
        if text is not None:
            h.update(re.sub(r'\s+', ' ', text.lower()).strip().encode('utf-8') + b'\0')
        else:
            h.update(hashlib.sha256(payload).hexdigest().encode() + b'\0')
    return h.hexdigest()


def visible_text(msg):
    plain, markup = [], []
    for subtype, text, _ in decoded_parts(msg):
        if text is None:
            continue
        (plain if subtype == 'plain' else markup if subtype == 'html' else plain).append(text)
    # A text/plain part that is empty or a stub (an airline's or a railway's HTML-only receipt ships one)
    # says nothing of the language: the HTML is then the text the reader sees.
    if len(re.sub(r'\s+', '', ' '.join(plain))) >= 40 or not markup:
        return ' '.join(plain)
    joined = ' '.join(markup)
    joined = re.sub(r'(?is)<(style|script|head)\b.*?</\1>', ' ', joined)
    return html.unescape(re.sub(r'<[^>]+>', ' ', joined))


STOP = {
    'en': 'the and you your for with this that are our have from will not can more all'.split(),
    'de': 'und die der das sie ist mit für nicht ihr ihre wir auf ein eine den zu von'.split(),
    'fr': 'les des est pour vous votre une dans que sur pas avec nous sont par qui'.split(),
    'es': 'los las que para por una con del está sus más como nuestro usted tu'.split(),
    'nl': 'het een van voor met niet zijn jouw uw wij ons dat deze wordt naar'.split(),
    'it': 'il della per una che con non sono del alla gli nostro tuo vostro questo'.split(),
    'pt': 'os das para uma com não por seu sua você nosso mais são pelo dos'.split(),
}


def language(text):
    if len(re.findall(r'[\u3040-\u30ff]', text)) >= 20:
        return 'ja'
    words = re.findall(r"[a-zà-ÿ]+", text.lower())
    counts = {lang: sum(1 for w in words if w in set(stops)) for lang, stops in STOP.items()}
    best = max(sorted(counts), key=lambda lang: counts[lang])
    return best if counts[best] >= 5 else None


KINDS = [  # first match wins; words in several languages (README "kind")
    ('account', r'security alert|password|sign[- ]?in|log[- ]?in|verify|verification|2-step|recovered|your (google )?account|new device|finish setting up|konto|compte|cuenta|anmeld|confirm (your )?subscription|subscription confirm|please confirm|activate your|data archive|archive of google data|terms of service'),
    # a ride-hailing or bike-share receipt names the ride, not the word receipt ("Your ride with Ron on July 15")
    ('receipt', r'\b(ride|trip) with\b|bike ride'),
    ('travel', r'flight|boarding|itinerary|check-in|hotel|réservation|reservation|booking|buchung|reserva|billet|e-ticket|\btrip\b|\breise\b|voyage|viaje'),
    ('shipping', r'shipped|shipping|delivery|delivered|tracking|package|parcel|colis|livraison|paket|sendung|zustellung|versandt|envío|enviado'),
    ('bank-alert', r'transaction|card ending|debit card|credit card|account balance|deposit|withdrawal|überweisung|virement|transferencia'),
    # Amazon's confirmation is "Ordered: \"<item>\"", a shop's "Order <number> on <shop>"
    ('receipt', r'receipt|your order|order #|order confirm|^ordered:|^bestellt:|\border [a-z]{0,5}\d{3,}|invoice|payment|purchase|rechnung|bestellung|facture|commande|recibo|factura|ricevuta|ordine|pedido'),
    # a code host's notification names the repository first: "Re: [owner/repo] <title> (#65)"
    ('saas', r'free trial|your plan|workspace|repository|api key|pull request|\((issue|pr) #|build failed|deploy|^(re: )?\[[\w.-]+/[\w.-]+\] '),
]


def kind_of(msg, everything):
    subject = str(msg.get('Subject', ''))
    try:
        subject = str(email.header.make_header(email.header.decode_header(subject)))
    except Exception:
        pass
    subject = subject.lower()
    for kind, pattern in KINDS:
        if re.search(pattern, subject):
            return kind
    if msg.get('List-Unsubscribe') or str(msg.get('Precedence', '')).lower() in ('bulk', 'list') or re.search(r'unsubscribe|abmelden|désinscri|desuscri|darse de baja', everything.lower()):
        return 'newsletter'
    return 'other-notice'


def org_domain(domain):
    labels = domain.lower().rstrip('.').split('.')
    if len(labels) >= 3 and '.'.join(labels[-2:]) in TWO_LEVEL_SUFFIXES:
        return '.'.join(labels[-3:])
    return '.'.join(labels[-2:])


def sender(msg):
    addresses = [a for _, a in getaddresses([str(msg.get('From', ''))]) if '@' in a]
    return addresses[0].lower() if addresses else None


def year_of(msg):
    try:
        return parsedate_to_datetime(str(msg.get('Date'))).year
    except Exception:
        return None


def candidates(spec, mirrors):
    owner_name = spec['repo']
    git_dir = os.path.join(mirrors, owner_name.replace('/', '+'), 'repo')
    if not os.path.isdir(git_dir):
        sys.exit(f'missing mirror {git_dir}: fetch {owner_name} first (see the module docstring)')
    short = spec['commit'][:7]
    # Hand-set labels, keyed by path or path#N (README "labels.jsonl"): where the rules by subject and by
    # stop words cannot tell (a Russian price list with an empty body, a railway ticket the subject calls "Ticket").
    labels = spec.get('labels', {})
    used = set()
    for path in spec['paths']:
        data = git_show(git_dir, spec['commit'], path)
        if path.endswith('.gz'):
            data = gzip.decompress(data)
        # Takeout mbox files are CRLF: the split needs the LF form that normalise() gives every message.
        data = data.replace(b'\r\n', b'\n')
        messages = split_mbox(data)
        for n, raw in enumerate(messages, 1):
            where = f'{path}#{n}' if len(messages) > 1 or data.startswith(b'From ') else path
            used.add(where)
            yield f'{owner_name}@{short}:{where}', raw, labels.get(where, {})
    # A label that names no message is a typo that would silently leave the rule's guess in place.
    if set(labels) - used:
        sys.exit(f'{owner_name}: labels for messages that are not in its paths: {sorted(set(labels) - used)}')


def shared_hashes(shared):
    seen = set()
    for name in ('dev', 'train-extra'):
        labels = os.path.join(shared, name, 'labels.jsonl')
        if not os.path.exists(labels):
            sys.exit(f'missing {labels}: --shared must hold dev/ and train-extra/')
        with open(labels) as f:
            for line in f:
                record = json.loads(line)
                with open(os.path.join(shared, name, record['file']), 'rb') as m:
                    seen.add(body_hash(email.message_from_bytes(m.read(), policy=policy.compat32)))
    return seen


def build(args):
    with open(args.sources) as f:
        sources = json.load(f)['sources']
    elsewhere = shared_hashes(args.shared)
    dropped = {}
    drop = lambda why: dropped.__setitem__(why, dropped.get(why, 0) + 1)
    kept, seen_hash, seen_triple = [], set(), set()
    for spec in sources:
        for source, raw, hand in candidates(spec, args.mirrors):
            raw = normalise(raw)
            if len(raw) > MAX_BYTES:
                drop('over 500 KB'); continue
            msg = email.message_from_bytes(raw, policy=policy.compat32)
            address = sender(msg)
            if not valid(msg, raw) or not address:
                drop('invalid or no From address'); continue
            domain = address.rsplit('@', 1)[1]
            if domain in FREEMAIL or address.startswith('noreply-location-sharing'):
                drop('mail of a private person'); continue
            year = year_of(msg)
            if year is None or year < MIN_YEAR:
                drop('dated before 2015 or undated'); continue
            digest = body_hash(msg)
            if digest in elsewhere:
                drop('body also in dev/train-extra'); continue
            if digest in seen_hash:
                drop('duplicate body'); continue
            triple = (address, str(msg.get('Subject', '')).strip().lower(), str(msg.get('Date', '')).strip())
            if triple in seen_triple:
                drop('duplicate (From, Subject, Date)'); continue
            seen_hash.add(digest)
            seen_triple.add(triple)
            text = visible_text(msg)
            everything = ' '.join(t for _, t, _ in decoded_parts(msg) if t is not None)
            kept.append({'raw': raw, 'source': source, 'kind': hand.get('kind') or kind_of(msg, everything), 'lang': hand.get('lang') or language(text),
                         'licence': spec['licence'], 'year': year, 'body_hash': digest, 'org': org_domain(domain)})
    by_org = {}
    for item in kept:
        by_org.setdefault(item['org'], []).append(item)
    chosen = []
    for org, items in by_org.items():
        items.sort(key=lambda i: hashlib.sha256((PICK_SALT + i['body_hash']).encode()).hexdigest())
        chosen += items[:PER_DOMAIN_CAP]
        if len(items) > PER_DOMAIN_CAP:
            dropped[f'over {PER_DOMAIN_CAP} per sender domain'] = dropped.get(f'over {PER_DOMAIN_CAP} per sender domain', 0) + len(items) - PER_DOMAIN_CAP
    chosen.sort(key=lambda i: i['body_hash'])  # file numbers in hash order say nothing of source or kind
    ham = os.path.join(args.out, 'ham')
    shutil.rmtree(ham, ignore_errors=True)
    os.makedirs(ham)
    with open(os.path.join(args.out, 'labels.jsonl'), 'w') as labels:
        for n, item in enumerate(chosen, 1):
            name = f'ham/{n:05d}.eml'
            with open(os.path.join(args.out, name), 'wb') as f:
                f.write(item['raw'])
            record = {'file': name, 'label': 'ham', 'source': item['source'], 'kind': item['kind'], 'lang': item['lang'],
                      'licence': item['licence'], 'year': item['year'], 'body_hash': item['body_hash']}
            labels.write(json.dumps(record, ensure_ascii=False) + '\n')
    summary(chosen, dropped)


def summary(chosen, dropped):
    print(f'{len(chosen)} messages; dropped: {json.dumps(dropped, sort_keys=True)}')
    table = {}
    for item in chosen:
        repo = item['source'].split('@')[0]
        row = table.setdefault(repo, {'n': 0, 'kinds': {}, 'langs': {}, 'years': {}, 'bytes': 0})
        row['n'] += 1
        row['bytes'] += len(item['raw'])
        for key, value in (('kinds', item['kind']), ('langs', item['lang'] or 'null'), ('years', str(item['year']))):
            row[key][value] = row[key].get(value, 0) + 1
    for repo, row in table.items():
        fmt = lambda d: ', '.join(f'{k} {v}' for k, v in sorted(d.items(), key=lambda kv: (-kv[1], kv[0])))
        print(f'| {repo} | {row["n"]} | {fmt(row["kinds"])} | {fmt(row["langs"])} | {fmt(row["years"])} | {row["bytes"] / 1e6:.1f} MB |')


if __name__ == '__main__':
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--mirrors', default=os.environ.get('MIRROR_ROOT', '/work/.mirror'))
    parser.add_argument('--shared', default=os.path.join(ROOT, '..', 'shared', 'corpus'))
    parser.add_argument('--out', default=os.path.join(ROOT, 'corpus', 'modern-genuine'))
    parser.add_argument('--sources', default=os.path.join(HERE, 'modern-genuine-sources.json'))
    build(parser.parse_args())
