#!/usr/bin/env python3
"""BurrTools parity table: every .xmpuzzle in files/, every problem, BurrTools' burrTxt beside snug.

Usage (FILES is a folder of .xmpuzzle files, BURRTXT the path of BurrTools' text solver; the
files are other people's designs and are not kept in this repository, see docs/burrtools-parity.md):
    python3 scripts/burrtools-parity.py FILES BURRTXT          # run what the cache lacks, write the table
    ... --force-snug    # run snug again everywhere (after snug changed)
    ... --table-only    # only rewrite the table from the cache
    ... --only NAME     # only files whose name contains NAME, or another --only (writes no table)
    ... --levels        # also compare the highest level (burrTxt -d without -q)
    ... --table-only --any-build   # the table from cached runs of any build
Options: --results FILE (the cache, default FILES/parity-results.jsonl), --table FILE (default
docs/burrtools-parity.md), --notes FILE (appended to the table), --snug FILE (default this
repository's dist/cli/snug.js, so `npm run build` first), --time-limit S (default 300),
--workers N (snug's -w; default: snug's own choice).

Runs are cached in the results file, keyed by the file's SHA-256, the problem, the command and the
SHA-256 of the binary that ran (burrTxt, or snug's bundle), so a new snug build reruns snug only.
One run at a time (the machine is shared): each under `timeout` and `nice -n 10`.

What is run for problem N (0-based, as burrTxt's -o; snug's --problem is N+1):
  burrTxt -d -q -o N FILE         assemblies and solutions (assemblies that come apart)
  burrTxt -q -o N FILE            assemblies only, when -d did not finish (it aborts on grids
                                  without a disassembler: spheres, rhombic, tetra-octa)
  snug solve FILE --problem N+1 --unique --disassemble --count --json --time-limit T
  snug solve FILE --problem N+1 --unique --count --json --time-limit T
"""
import argparse
import gzip
import hashlib
import json
import os
import re
import resource
import subprocess
import sys
import time
import xml.etree.ElementTree as ET

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Set from the command line in main().
FILES = RESULTS = TABLE = NOTES = BURRTXT = SNUG = SNUG_BUNDLE = None
LIMIT = 300
WORKERS = None

GRIDS = {0: 'cube', 1: 'prism', 2: 'sphere', 3: 'rhombic', 4: 'tetra-octa'}


def sha256(path):
    with open(path, 'rb') as f:
        return hashlib.sha256(f.read()).hexdigest()


def read_xml(path):
    with open(path, 'rb') as f:
        data = f.read()
    if data[:2] == b'\x1f\x8b':
        data = gzip.decompress(data)
    try:
        return ET.fromstring(data)
    except ET.ParseError:
        # BurrTools writes comments in the machine's 8-bit encoding with no declaration of it.
        text = data.decode('latin-1')
        text = re.sub(r'^<\?xml[^>]*\?>', '', text)
        return ET.fromstring(text)


def voxel_cells(voxel):
    """Counts of filled (#), variable (+) and coloured cells of one <voxel> shape."""
    text = (voxel.text or '').strip()
    filled = variable = coloured = 0
    i = 0
    while i < len(text):
        c = text[i]
        i += 1
        digits = ''
        while i < len(text) and text[i].isdigit():
            digits += text[i]
            i += 1
        if c == '#':
            filled += 1
        elif c == '+':
            variable += 1
        if c in '#+' and digits and int(digits) > 0:
            coloured += 1
    return filled, variable, coloured


def describe(path):
    """The file's grid and, per problem, its name, pieces and result cells."""
    root = read_xml(path)
    grid_el = root.find('gridType')
    grid = int(grid_el.get('type', '0')) if grid_el is not None else 0
    shapes = root.find('shapes')
    voxels = list(shapes) if shapes is not None else []
    cells = [voxel_cells(v) for v in voxels]
    problems = []
    probs = root.find('problems')
    for p in (list(probs) if probs is not None else []):
        lo = hi = 0
        piece_cells = 0
        coloured_pieces = False
        sh = p.find('shapes')
        for s in (list(sh) if sh is not None else []):
            sid = int(s.get('id'))
            if s.get('count') is not None:
                a = b = int(s.get('count'))
            else:
                a, b = int(s.get('min', '1')), int(s.get('max', '1'))
            lo += a
            hi += b
            if sid < len(cells):
                piece_cells += b * (cells[sid][0] + cells[sid][1])
                coloured_pieces |= cells[sid][2] > 0
        res = p.find('result')
        rid = int(res.get('id')) if res is not None and res.get('id') is not None else None
        rf, rv, rc = cells[rid] if rid is not None and rid < len(cells) else (0, 0, 0)
        problems.append({
            'name': p.get('name', ''),
            'pieces': f'{lo}' if lo == hi else f'{lo}-{hi}',
            'board': rf + rv,
            'boardVariable': rv,
            'coloured': bool(rc) or coloured_pieces,
            'resultColoured': bool(rc),
        })
    if not problems:  # a file of shapes only: both tools are still asked, to show what they say
        problems.append({'name': '(the file has no problem)', 'pieces': '0', 'board': 0,
                         'boardVariable': 0, 'coloured': any(c[2] for c in cells),
                         'resultColoured': False})
    return GRIDS.get(grid, f'type {grid}'), problems


def run(cmd, limit):
    """Runs cmd under timeout and nice; returns (rc, stdout, stderr, wall seconds)."""
    full = ['timeout', str(limit), 'nice', '-n', '10'] + cmd
    run.load = round(os.getloadavg()[0], 1)
    t0 = time.monotonic()
    u0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    p = subprocess.run(full, capture_output=True, text=True, errors='replace')
    u1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    run.cpu = round((u1.ru_utime - u0.ru_utime) + (u1.ru_stime - u0.ru_stime), 3)
    return p.returncode, p.stdout, p.stderr, round(time.monotonic() - t0, 3)


BT_LINE = re.compile(r'(\d+) assemblies and (\d+) solutions found with (\d+) iterations')


def burrtools(path, n, disassemble):
    cmd = [BURRTXT] + (['-d'] if disassemble else []) + ['-q', '-o', str(n), path]
    rc, out, err, wall = run(cmd, LIMIT)
    m = BT_LINE.search(out)
    r = {'rc': rc, 'wall': wall, 'cpu': run.cpu, 'load': run.load, 'limit': LIMIT}
    if m:
        r['assemblies'], r['solutions'] = int(m.group(1)), int(m.group(2))
    elif rc == 124:
        r['error'] = f'timeout {LIMIT} s'
    elif rc in (134, -6):  # SIGABRT: an uncaught assertion (for -d: no disassembler for the grid)
        r['error'] = 'aborted (assertion)'
    else:
        lines = [l for l in (out + err).splitlines() if l and not l.startswith('using assembler')]
        r['error'] = lines[-1] if lines else f'exit {rc}'
    return r


def burrtools_levels(path, n, _):
    """burrTxt -d without -q: one 'level: a.b.c' line per assembly that comes apart."""
    rc, out, err, wall = run([BURRTXT, '-d', '-o', str(n), path], LIMIT)
    levels = [l.split(':', 1)[1].strip() for l in out.splitlines() if l.startswith('level:')]
    r = {'rc': rc, 'wall': wall, 'cpu': run.cpu, 'load': run.load}
    if rc == 0 and BT_LINE.search(out):
        key = lambda lv: [int(x) for x in lv.split('.')]
        r['levels'] = len(levels)
        r['maxLevel'] = max(levels, key=key) if levels else None
    else:
        r['error'] = f'exit {rc}'
    return r


def snug(path, n, disassemble):
    cmd = ['node', SNUG, 'solve', path, '--problem', str(n + 1), '--unique'] + \
          (['--disassemble'] if disassemble else []) + \
          ['--count', '--json', '--time-limit', str(LIMIT), '-q']
    if WORKERS:
        cmd += ['-w', str(WORKERS)]
    rc, out, err, wall = run(cmd, LIMIT + 60)
    r = {'rc': rc, 'wall': wall, 'cpu': run.cpu, 'load': run.load, 'limit': LIMIT}
    try:
        j = json.loads(out)
        r['solutions'] = j.get('solutions')
        r['assemblies'] = j.get('assemblies')
        r['complete'] = j.get('complete')
        r['elapsedMs'] = j.get('elapsedMs')
        r['engine'] = j.get('engine')
        r['workers'] = j.get('workers')
        if j.get('undecided'):  # assemblies the disassembler's state budget gave up on
            r['undecided'] = j['undecided']
        if j.get('maxLevel') is not None:
            r['maxLevel'] = '.'.join(map(str, j['maxLevel']))
    except (json.JSONDecodeError, AttributeError):
        lines = [l for l in err.splitlines() if l.strip()]
        r['error'] = (lines[0] if lines else f'exit {rc}').replace(path, os.path.basename(path))
        if rc == 124:
            r['error'] = f'killed after {LIMIT + 60} s'
    return r


def load_results():
    cache = {}
    if os.path.exists(RESULTS):
        with open(RESULTS) as f:
            for line in f:
                if line.strip():
                    e = json.loads(line)
                    cache[tuple(e['key'])] = e
    return cache


def record(cache, key, value):
    e = {'key': list(key), **value}
    cache[key] = e
    with open(RESULTS, 'a') as f:
        f.write(json.dumps(e) + '\n')


def fmt_time(s):
    return f'{s:.2f}' if s < 10 else f'{s:.0f}'


def fmt_run(r):
    """Wall seconds, and CPU seconds (user + system, every thread) in brackets."""
    if 'cpu' not in r:
        return fmt_time(r.get('wall', 0))
    return f'{fmt_time(r["wall"])} ({fmt_time(r["cpu"])})'


def md(s):
    return str(s).replace('|', '\\|')


def main():
    global FILES, RESULTS, TABLE, NOTES, BURRTXT, SNUG, SNUG_BUNDLE, LIMIT, WORKERS
    ap = argparse.ArgumentParser(description='BurrTools parity table: burrTxt beside snug on every problem '
                                 'of every .xmpuzzle in a folder.')
    ap.add_argument('files', help='the folder of .xmpuzzle files')
    ap.add_argument('burrtxt', help="the path of BurrTools' text solver, burrTxt")
    ap.add_argument('--results', help='the cache of runs (JSON lines; default FILES/parity-results.jsonl)')
    ap.add_argument('--table', default=os.path.join(REPO, 'docs', 'burrtools-parity.md'))
    ap.add_argument('--notes', default=os.path.join(REPO, 'scripts', 'burrtools-parity-notes.md'),
                    help='a Markdown file appended to the table (default scripts/burrtools-parity-notes.md)')
    ap.add_argument('--snug', default=os.path.join(REPO, 'dist', 'cli', 'snug.js'))
    ap.add_argument('--time-limit', type=int, default=300)
    ap.add_argument('--workers', type=int)
    ap.add_argument('--force-snug', action='store_true')
    ap.add_argument('--force-burrtools', action='store_true')
    ap.add_argument('--table-only', action='store_true')
    ap.add_argument('--only', action='append', help='only files whose name contains this (may be given again); writes no table')
    ap.add_argument('--any-build', action='store_true',
                    help='take a cached run of another snug build or burrTxt binary when this one has none '
                         '(the table names the builds it used)')
    ap.add_argument('--levels', action='store_true',
                    help='also run burrTxt -d without -q where it finished in under a minute, '
                         'to compare the highest level with snug\'s')
    args = ap.parse_args()
    FILES = args.files
    RESULTS = args.results or os.path.join(FILES, 'parity-results.jsonl')
    TABLE, NOTES, BURRTXT, SNUG = args.table, args.notes, args.burrtxt, args.snug
    SNUG_BUNDLE = os.path.join(os.path.dirname(SNUG), 'bundle.cjs')
    LIMIT, WORKERS = args.time_limit, args.workers
    for path, what in ((FILES, 'folder'), (BURRTXT, 'file'), (SNUG, 'file')):
        if not (os.path.isdir(path) if what == 'folder' else os.path.isfile(path)):
            ap.error(f'{path}: no such {what}')

    bt_hash = sha256(BURRTXT)[:16]
    snug_hash = sha256(SNUG_BUNDLE)[:16] if os.path.exists(SNUG_BUNDLE) else 'none'
    cache = load_results()
    files = sorted(f for f in os.listdir(FILES) if f.endswith('.xmpuzzle'))
    builds = set()
    rows = []
    for name in files:
        path = os.path.join(FILES, name)
        fhash = sha256(path)[:16]
        try:
            grid, problems = describe(path)
        except Exception as e:  # a file BurrTools' own XML would not read either
            rows.append({'file': name, 'n': '-', 'grid': '?', 'error': f'unreadable: {e}'})
            continue
        for n, prob in enumerate(problems):
            row = {'file': name, 'n': n, 'grid': grid, **prob}
            if args.only and not any(part in name for part in args.only):
                continue
            for tool, fn, h, force in (('bt', burrtools, bt_hash, args.force_burrtools),
                                       ('snug', snug, snug_hash, args.force_snug)):
                for mode in ('d', 'a'):
                    key = (fhash, n, tool, mode, h)
                    if tool == 'bt' and mode == 'a':
                        d = row.get('bt_d', {})
                        if 'solutions' in d:  # -d finished: its assembly count stands
                            continue
                    if key not in cache and args.any_build and not force:
                        older = [e for k, e in cache.items() if k[:4] == key[:4]]
                        if older:
                            cache[key] = older[-1]
                    if key not in cache or force:
                        if args.table_only:
                            continue
                        print(f'{name} #{n} {tool} {mode} ...', end=' ', flush=True, file=sys.stderr)
                        record(cache, key, fn(path, n, mode == 'd'))
                        print(json.dumps({k: v for k, v in cache[key].items() if k != 'key'}),
                              file=sys.stderr)
                    if key in cache:
                        row[f'{tool}_{mode}'] = cache[key]
                        builds.add(f'{tool} {cache[key]["key"][4]}')
            lkey = (fhash, n, 'bt', 'levels', bt_hash)
            bd = row.get('bt_d', {})
            if args.levels and lkey not in cache and not args.table_only and bd.get('solutions') \
                    and bd.get('wall', 1e9) < 60 and row.get('snug_d', {}).get('complete'):
                print(f'{name} #{n} bt levels ...', end=' ', flush=True, file=sys.stderr)
                record(cache, lkey, burrtools_levels(path, n, True))
                print(json.dumps({k: v for k, v in cache[lkey].items() if k != 'key'}), file=sys.stderr)
            if lkey in cache:
                row['bt_levels'] = cache[lkey]
            rows.append(row)
    if not args.only:
        write_table(rows, ', '.join(sorted(b for b in builds if b.startswith('bt'))) or bt_hash,
                    ', '.join(sorted(b for b in builds if b.startswith('snug'))) or snug_hash)


def verdict(row):
    """Whether snug's counts agree with BurrTools' where both have one."""
    bd, ba = row.get('bt_d', {}), row.get('bt_a', {})
    sd, sa = row.get('snug_d', {}), row.get('snug_a', {})
    bt_asm = bd.get('assemblies', ba.get('assemblies'))
    bt_sol = bd.get('solutions')
    checks = []
    if bt_asm is not None and sa.get('complete') and sa.get('solutions') is not None:
        checks.append(('assemblies', bt_asm, sa['solutions']))
    if bt_asm is not None and sd.get('complete') and sd.get('assemblies') is not None:
        checks.append(('assemblies (-d run)', bt_asm, sd['assemblies']))
    if bt_sol is not None and sd.get('complete') and sd.get('solutions') is not None:
        checks.append(('solutions', bt_sol, sd['solutions']))
    if not checks:
        if 'error' in sa and 'error' in sd:
            return 'snug refuses'
        if bt_asm is None:
            return 'BurrTools gave no count'
        return 'snug did not finish'
    bl = row.get('bt_levels', {})
    if bl.get('maxLevel') and sd.get('complete') and sd.get('maxLevel'):
        checks.append(('highest level', bl['maxLevel'], sd['maxLevel']))
    bad = [f'{what} {b} vs {s}' for what, b, s in checks if b != s]
    if bad:
        return '**NO**: ' + '; '.join(bad)
    if any(w == 'highest level' for w, _, _ in checks):
        return f'yes (highest level {bl["maxLevel"]} too)'
    partial = '' if bt_sol is not None and any(w == 'solutions' for w, _, _ in checks) else \
        ' (assemblies only)'
    return 'yes' + partial


def bt_error(r):
    if r.get('rc') in (134, -6):
        return 'aborted (assertion)'
    return r.get('error')


def bt_cell(row):
    bd, ba = row.get('bt_d', {}), row.get('bt_a', {})
    bd = {**bd, 'error': bt_error(bd)} if 'error' in bd else bd
    ba = {**ba, 'error': bt_error(ba)} if 'error' in ba else ba
    if 'solutions' in bd:
        return str(bd['assemblies']), str(bd['solutions']), fmt_run(bd)
    if 'assemblies' in ba:
        why = 'no -d: ' + bd.get('error', '?')
        return str(ba['assemblies']), f'n/a ({why})', fmt_run(ba)
    err = bd.get('error') or ba.get('error') or '?'
    return md(err), '', fmt_run(bd)


def snug_cell(r, field):
    if not r:
        return '', ''
    if 'error' in r:
        why = re.sub(r'^snug: (--\S+: )?[^:]*\.xmpuzzle: ', r'\1', r['error'])
        return f'refused (exit {r["rc"]}): ' + md(why), fmt_run(r)
    v = r.get(field)
    s = '?' if v is None else str(v)
    if not r.get('complete'):
        s += ' (incomplete)'
    return s, fmt_run(r)


def load_range(rows, tool):
    runs = [r for row in rows for k, r in row.items() if k.startswith(tool + '_') and isinstance(r, dict) and 'rc' in r]
    loads = [r['load'] for r in runs if 'load' in r]
    if not loads:
        return 'not recorded (see the notes)'
    return f'{min(loads):.0f} to {max(loads):.0f}' + ('' if len(loads) == len(runs) else ' where recorded (see the notes)')


def limits(rows, tool):
    found = sorted({r['limit'] for row in rows for k, r in row.items() if k.startswith(tool + '_') and isinstance(r, dict) and 'limit' in r})
    return ' or '.join(f'{x} s' for x in found) if found else 'not recorded'


def write_table(rows, bt_hash, snug_hash):
    out = []
    out.append('# BurrTools parity table\n')
    out.append(f'Written by `scripts/burrtools-parity.py` on {time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())}; '
               f'binaries (first 16 hex digits of their SHA-256): {bt_hash}; snug\'s bundle.cjs: {snug_hash}.\n')
    out.append('BurrTools: `burrTxt -d -q -o N` (assemblies up to rotation and, where the piece set '
               'allows, mirror images; solutions = assemblies that come apart); when -d does not '
               'finish, `burrTxt -q -o N` (assemblies only). snug: `snug solve FILE --problem N+1 '
               '--unique --count --json` (its count is assemblies) and the same with '
               '`--disassemble` (solutions; it also reports assemblies). '
               '# is snug\'s --problem (1-based); burrTxt\'s -o is one less.\n')
    out.append('**Times.** Whole-process wall seconds, CPU seconds (user and system, every thread) in brackets, '
               'on a 2-core machine shared with several other engineers\' builds and tests, one run at a time '
               f'under `nice -n 10`. The load average (1 minute) was {load_range(rows, "bt")} during the burrTxt '
               f'runs and {load_range(rows, "snug")} during snug\'s, so wall times can be several times the CPU times '
               'and say little: **compare CPU**. The limits are wall time: burrTxt '
               f'{limits(rows, "bt")}, snug {limits(rows, "snug")} (`--time-limit`; the run is killed a minute '
               'later), so under this load a "did not finish" row had far less CPU than its limit. '
               f'snug ran with `-w {WORKERS}`' + (' (one worker thread beside the main thread)' if WORKERS == 1 else '') +
               '; burrTxt is single-threaded. About 0.3 s of snug\'s CPU is starting Node and loading snug.\n')
    out.append('| file | # | name | grid | pieces | board cells | BT assemblies | BT solutions | BT s '
               '| snug assemblies | s | snug --disassemble solutions (assemblies) | s | agree? |')
    out.append('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|')
    for row in rows:
        if 'error' in row:
            out.append(f'| {md(row["file"])} | - | | ? | | | {md(row["error"])} | | | | | | | |')
            continue
        ba, bs, bt = bt_cell(row)
        sa, sat = snug_cell(row.get('snug_a', {}), 'solutions')
        sd = row.get('snug_d', {})
        sds, sdt = snug_cell(sd, 'solutions')
        if sd and 'error' not in sd and sd.get('assemblies') is not None:
            sds += f' ({sd["assemblies"]})'
        board = str(row['board']) + (f' ({row["boardVariable"]} variable)' if row['boardVariable'] else '')
        if row.get('coloured'):
            board += ', coloured'
        out.append(f'| {md(row["file"])} | {row["n"] + 1} | {md(row["name"])} | {row["grid"]} | '
                   f'{row["pieces"]} | {board} | {ba} | {bs} | {bt} | {sa} | {sat} | {sds} | {sdt} | '
                   f'{verdict(row)} |')
    tally = {}
    for row in rows:
        v = 'unreadable' if 'error' in row else verdict(row).split(' (')[0].split(':')[0].strip('*')
        tally[v] = tally.get(v, 0) + 1
    out.insert(3, 'Rows by verdict: ' + ', '.join(f'{v} {k}' for k, v in sorted(tally.items())) +
               ' (a row is one problem; "yes" rows compared every count both sides gave).\n')
    if NOTES and os.path.exists(NOTES):
        with open(NOTES) as f:
            out.append('\n' + f.read())
    with open(TABLE, 'w') as f:
        f.write('\n'.join(out) + '\n')
    print(f'wrote {TABLE} ({len(rows)} rows)', file=sys.stderr)


if __name__ == '__main__':
    main()
