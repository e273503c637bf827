#!/usr/bin/env python3
"""Make new PTX instruction variants from the lines of a verdict file: each variant is a corpus
line with one (or up to MAX_EDITS) random edits (a modifier dropped, doubled, moved or replaced by another
word ptxas knows, an unknown word added, an operand dropped, added or given another register
width, a vector made longer or shorter, an immediate changed, the other target). Lines already in
the file are skipped. Prints "target<TAB>instruction" lines for scripts/ptxas-verdicts.sh.
usage: scripts/ptx-variants.py VERDICTS.tsv COUNT SEED [MAX_EDITS (default 1)]"""
import random
import re
import sys

WORDS = ("global shared shared::cta shared::cluster local const param 1d 2d 3d 4d 5d tile im2col im2col::w "
         "im2col::w::128 tile::gather4 tile::scatter4 im2col_no_offs mbarrier::complete_tx::bytes bulk_group "
         "multicast::cluster cta_group::1 cta_group::2 L2::cache_hint L2 noftz read cp_mask relaxed release acquire "
         "cta cluster gpu sys v2 v4 v8 add min max inc dec and or xor b32 b64 u32 s32 u64 s64 f16 bf16 f32 f64 "
         "f16x2 bf16x2 b16 u16 s16 b8 u8 b1024 b128 rn rz ftz sat L2::evict_last L1::no_allocate "
         "global_address rank box_dim global_dim global_stride element_stride elemtype interleave_layout "
         "swizzle_mode swizzle_atomicity fill_mode").split()
REGS = ["%r1", "%r2", "%rd1", "%rd2", "%rs1", "%f1", "%fd1", "%p1", "5", "0", "-1", "128", "%r9", "%rd3", "%q1"]


def split(ins):
    m = re.match(r"^(\S+)\s*(.*?);\s*$", ins)
    if not m:
        return None
    return m.group(1).split("."), m.group(2)


def split_operands(ops):
    out, depth, cur = [], 0, ""
    for ch in ops:
        if ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


def name_len(words):
    # the instruction name: cp.async.bulk{.tensor,.prefetch}, cp.reduce..., red, tensormap.replace
    for n in (5, 4, 3, 2, 1):
        head = ".".join(words[:n])
        if head in ("cp.reduce.async.bulk.tensor", "cp.async.bulk.prefetch.tensor", "cp.reduce.async.bulk",
                    "cp.async.bulk.prefetch", "cp.async.bulk.tensor", "cp.async.bulk.commit_group",
                    "cp.async.bulk.wait_group", "cp.async.bulk", "tensormap.replace", "red"):
            return n
    return 1


def mutate(rng, words, opds):
    k = name_len(words)
    mods = words[k:]
    op = rng.randrange(10)
    if op == 0 and mods:
        del mods[rng.randrange(len(mods))]
    elif op == 1 and mods:
        mods.insert(rng.randrange(len(mods) + 1), rng.choice(mods))
    elif op == 2 and len(mods) > 1:
        i, j = rng.randrange(len(mods)), rng.randrange(len(mods))
        mods[i], mods[j] = mods[j], mods[i]
    elif op == 3 and mods:
        mods[rng.randrange(len(mods))] = rng.choice(WORDS)
    elif op == 4:
        mods.insert(rng.randrange(len(mods) + 1), rng.choice(WORDS + ["bogus", "L3", "shared::gpu"]))
    elif op == 5 and opds:
        del opds[rng.randrange(len(opds))]
    elif op == 6:
        opds.insert(rng.randrange(len(opds) + 1), rng.choice(REGS))
    elif op == 7 and opds:
        i = rng.randrange(len(opds))
        regs = re.findall(r"%[a-z]+\d+|-?\b\d+\b", opds[i])
        if regs:
            r = rng.choice(regs)
            opds[i] = opds[i].replace(r, rng.choice(REGS), 1)
    elif op == 8 and opds:
        i = rng.randrange(len(opds))
        m = re.search(r"\{([^{}]*)\}", opds[i])
        if m:
            elems = [e.strip() for e in m.group(1).split(",") if e.strip()]
            if elems and rng.random() < 0.5:
                elems.pop()
            elif elems:
                elems.append(elems[-1])
            opds[i] = opds[i][:m.start()] + "{" + ", ".join(elems) + "}" + opds[i][m.end():]
    elif op == 9 and opds:
        i = rng.randrange(len(opds))
        opds[i] = re.sub(r"\b\d+\b", lambda _: str(rng.choice([0, 1, 3, 4, 5, 7, 12, 13, 16, 128, 4096])), opds[i], 1)
    return words[:k] + mods, opds


def main():
    path, count, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    max_edits = int(sys.argv[4]) if len(sys.argv) > 4 else 1
    rng = random.Random(seed)
    seen, base = set(), []
    for line in open(path):
        if line.startswith("#"):
            continue
        f = line.rstrip("\n").split("\t")
        if len(f) >= 3:
            seen.add((f[0], f[2]))
            base.append((f[0], f[2]))
    made = 0
    tries = 0
    while made < count and tries < count * 50:
        tries += 1
        target, ins = rng.choice(base)
        parts = split(ins)
        if not parts:
            continue
        words, opds = parts[0], split_operands(parts[1])
        for _ in range(rng.randint(1, max_edits)):
            words, opds = mutate(rng, list(words), list(opds))
        if rng.random() < 0.15:
            target = "sm_100a" if target == "sm_90a" else "sm_90a"
        text = ".".join(words) + (" " + ", ".join(opds) if opds else "") + ";"
        if (target, text) in seen:
            continue
        seen.add((target, text))
        print(f"{target}\t{text}")
        made += 1


main()
