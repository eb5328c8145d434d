"""Decision rules: each loop fact becomes a Parallel plan or a Rejected reason.

Each rule is a small class with a DESCRIPTION and a `check` that returns a Rejection or
None; the planner applies them in order, then builds the plan (privatize, reduce,
induction, split) from the effects. When a rule cannot prove what it needs, it rejects.
"""
from __future__ import annotations

import re
from typing import Dict, List, Optional, Set, Tuple

from . import kinds, partitions, plain_roots, redirects, tied_params
from .decision import (  # noqa: F401  (the plan's vocabulary, imported from here too)
    ALIASING,
    ALREADY_PARALLEL,
    BLOB_ACCESSOR,
    CROSS_SAMPLE,
    DEGRADED,
    EARLY_EXIT,
    GLOBAL_STATE,
    INDUCTION,
    NOT_BATCH,
    REASONS,
    RNG,
    TOO_LITTLE,
    UNKNOWN_CALL,
    UNKNOWN_EXTENT,
    UNSUPPORTED_FORM,
    Alias,
    Apart,
    Decision,
    Gate,
    Hoist,
    InductionPlan,
    InductionStep,
    Privatized,
    Reduced,
    Rejection,
    Split,
    Sync,
)
from .facts import gates
from .facts.effects import Access, BodyEffects, covered
from .facts.form import Form
from .facts.io_slots import IO_SLOT, may_pair
from .facts.loops import LoopFacts
from .facts.mathlib import BLOB_BUFFERS
from .rules import RULES, NoRng, NotAlreadyParallel, NotDegraded, RewritableForm, plan_rules  # noqa: F401  (RewritableForm, plan_rules: imported from here too)


# --- memory decisions ---------------------------------------------------------------------
def _memory_plan(f: LoopFacts, e: BodyEffects, live_in: Set[str]):
    """Each memory root the body touches: partitioned by sample, reduced, privatized, or a
    Rejection."""
    privatize: Dict[str, Privatized] = {}
    reduce: Dict[str, Reduced] = {}
    assumes: List[str] = []
    slices: List[str] = []
    by_root: Dict[Tuple[str, str, str], List[Access]] = {}
    for a in e.accesses:
        by_root.setdefault((a.root.kind, a.root.name, a.root.buf), []).append(a)
    io_written = sorted({(a.root.name, a.root.buf) for a in e.accesses
                         if a.root.kind == "io" and a.mode != "read"})
    changed_scalars = {s.name for s in e.scalars if s.mode != "read"}
    blobs_written = any(a.mode != "read" and a.root.kind in ("io", "member", "param", "local")
                        for a in e.accesses)
    apart: List[Apart] = []
    for (kind, name, buf), accs in sorted(by_root.items()):
        writes = [a for a in accs if a.mode != "read"]
        reads = [a for a in accs if a.mode == "read"]
        if kind in ("unknown", "private", "scalar", "global", "alias"):
            plain_roots.check(kind, name, writes, reads, changed_scalars, blobs_written)
        elif kind == "io" and writes and not reads and all(w.mode == "acc" for w in writes) \
                and not any(w.offset.depends for w in writes):
            for partner in partitions.partners(name, buf, by_root):
                if partitions.scattered_in_place(name, writes, by_root[("io", partner, buf)]):
                    apart.append(_apart_in_place(name, partner, buf, writes, assumes))
            reduce[name] = _array_reduction(e, writes)
        elif kind == "io":
            partner = [a for p in partitions.partners(name, buf, by_root)
                       for a in by_root[("io", p, buf)]]
            apart += _check_io(name, buf, writes, reads, io_written, assumes,
                               [a for a in partner if a.mode != "read"])
            slices += [name] if writes else []
        elif writes:  # not batch-shaped: a parameter, a member or a local Blob
            got = _shared_root_plan(f, e, kind, name, writes, reads, live_in, assumes)
            if isinstance(got, Reduced):
                reduce[name] = got
            elif isinstance(got, Privatized):  # data and diff: one copy, copied in if either
                got.copy_in = got.copy_in or (name in privatize and privatize[name].copy_in)
                privatize[name] = got
            else:
                slices.append(name)
    plain_roots.check_unplaced(e.accesses)
    tied_params.check(reduce.values(), e.accesses)
    for p in privatize.values():
        redirects.check_other_buffer(p, by_root)
    return list(privatize.values()), _merge_chosen(e, list(reduce.values()), assumes), \
        assumes, list(dict.fromkeys(slices)), apart


def _merge_chosen(e: BodyEffects, reduce: List[Reduced], assumes: List[str]) -> List[Reduced]:
    """Reductions through one pointer variable that a conditional set to one of two Blobs'
    buffers before the loop: one reduction of that pointer, sized by the chosen Blob."""
    by_var: Dict[str, List[Reduced]] = {}
    for r in reduce:
        if r.kind == "array" and r.var in e.chosen_blobs:
            by_var.setdefault(r.var, []).append(r)
    out = [r for r in reduce if not (r.kind == "array" and r.var in by_var)]
    for var, rs in by_var.items():
        cond, a, b = e.chosen_blobs[var]
        out.append(Reduced(name=var, kind="array", extent="count() of the chosen Blob",
                           var=var, root="chosen", blob=f"{a} or {b}", buf=rs[0].buf,
                           choice=[cond, a, b],
                           when=rs[0].when if all(r.when == rs[0].when for r in rs) else []))
        assumes.append(f"{var} is the {rs[0].buf} of {a} or {b}, chosen before the loop")
    return out


def _check_io(name: str, buf: str, writes: List[Access], reads: List[Access],
              io_written: List[Tuple[str, str]], assumes: List[str],
              partner_writes: List[Access]) -> List[Apart]:
    """An input/output blob: writes stay in the sample's slice, and no other sample is read
    while the loop writes one. A buffer the loop only reads across samples while it writes
    other input/output buffers is safe unless it shares memory with one of them (a layer
    run in place): that is checked at run time (an Apart). Every sample reading the same
    elements is only exposed to a slot that may be its in-place partner (bottom[i] <-> top[i];
    a slot spelled otherwise, `top[i]` or a helper's `dst[0]`, may be any: io_slots.may_pair)."""
    _check_io_writes(name, writes)
    partitions.check(name, writes, reads)
    across = [r for r in reads if r.offset.shifted or r.offset.opaque]
    fixed = [r for r in reads if not (r.offset.sample or r.offset.unit)] + \
        partitions.clashing(reads, partner_writes)
    if writes and (across or fixed):
        r = (across or fixed)[0]
        which = "another sample" if r.offset.shifted else \
            "samples it cannot tell" if r.offset.opaque else \
            "a sample chosen by data" if r.offset.data else "the same elements"
        raise Rejection(CROSS_SAMPLE, f"line {r.line}: reads {which} of {name}, which the "
                                      f"loop writes")
    if writes:
        strides = sorted({s for w in writes for s in w.offset.strides})
        assumes.append(f"writes to {name} through sample-n pointers stay inside "
                       f"sample n (stride {', '.join(strides) or '1'})")
    others = [w for w in io_written if w != (name, buf)]
    if not across:
        others = [w for w in others if may_pair(name, w[0])] if fixed else []
    if not others:
        return []
    if not IO_SLOT.fullmatch(name) or not all(IO_SLOT.fullmatch(w) for w, _ in others):
        r = (across or fixed)[0]
        raise Rejection(ALIASING, f"line {r.line}: reads {name} across samples while the loop "
                                  f"writes an input/output blob (in place, the same memory)")
    assumes.append(f"{name}'s {buf} shares no memory with "
                   + ", ".join(f"{w}'s {b}" for w, b in others)
                   + " (checked at run time: run in place, the loop runs whole)")
    return [Apart(name, buf, others)]


def _apart_in_place(name: str, partner: str, buf: str, writes: List[Access],
                    assumes: List[str]) -> Apart:
    """A sum into `name` at elements not the sample's own (chosen by data, or fixed) beside
    reads or writes of its in-place partner: checked at run time (run in place, the loop runs
    whole)."""
    if not IO_SLOT.fullmatch(name) or not IO_SLOT.fullmatch(partner):
        raise Rejection(CROSS_SAMPLE, f"line {writes[0].line}: sums into {name} at elements "
                                      f"not the sample's own and uses {partner}, which may "
                                      f"be the same buffer")
    assumes.append(f"{partner}'s {buf} shares no memory with {name}'s {buf} (checked at run "
                   f"time: run in place, the loop runs whole)")
    return Apart(partner, buf, [(name, buf)])


def _check_io_writes(name: str, writes: List[Access]) -> None:
    for w in writes:
        if w.offset.partitioned and w.offset.unsized:
            raise Rejection(CROSS_SAMPLE, f"line {w.line}: {w.via} writes {name} at a stride "
                                          f"({', '.join(w.offset.unsized)}) that is not a "
                                          f"sample's size: samples' slices may overlap")
        if not w.offset.partitioned:
            why = "a neighbouring sample" if w.offset.shifted else "every sample's data"
            raise Rejection(CROSS_SAMPLE, f"line {w.line}: {w.via} writes {name} "
                                          f"outside the sample's slice ({why})")


def _shared_root_plan(f: LoopFacts, e: BodyEffects, kind: str, name: str,
                      writes: List[Access], reads: List[Access], live_in: Set[str],
                      assumes: List[str]):
    """A parameter, member or local Blob that the loop writes: indexed per sample (None),
    accumulated (a Reduced), scratch written before it is read (a Privatized), or a
    Rejection."""
    depends = [w for w in writes if w.offset.depends]
    if depends and all(w.offset.partitioned for w in depends) and len(depends) == len(writes):
        partitions.check(name, writes, reads)
        other = [r for r in reads if not r.offset.partitioned]
        if other:  # slot 0, a neighbour's slot, a slot chosen by data: another sample's
            raise Rejection(CROSS_SAMPLE, f"line {other[0].line}: {name} is written per "
                                          f"sample and read outside the sample's slice")
        strides = sorted({s for w in writes for s in w.offset.strides})
        assumes.append(f"{name} is indexed per sample (stride {', '.join(strides) or '1'})")
        return None
    accs_only = all(w.mode == "acc" for w in writes)
    if accs_only and not reads:
        return _array_reduction(e, writes)
    if accs_only and reads:
        raise Rejection(CROSS_SAMPLE, f"{name} is accumulated and read in the same loop")
    if kind == "param":
        raise Rejection(CROSS_SAMPLE, f"line {writes[0].line}: {writes[0].via} overwrites "
                                      f"parameter buffer {name} for every sample")
    moving = [a for a in writes + reads if a.offset.depends]
    if moving:  # neither per-sample slices nor scratch every sample rewrites
        raise Rejection(CROSS_SAMPLE, f"line {moving[0].line}: {name} is reached at an offset "
                                      f"that moves with the sample, not in its own slice")
    # scratch: every read must follow a write in the same iteration
    for r in reads + [w for w in writes if w.mode in ("acc", "update")]:
        prior = [w for w in writes if w.order < r.order and w.mode == "write"]
        if not covered(r, prior):
            raise Rejection(CROSS_SAMPLE, f"line {r.line}: {name} is read before it is "
                                          f"written in the same iteration")
    if name in e.read_after:
        raise Rejection(CROSS_SAMPLE, f"{name} would be private to the loop, but what the "
                                      f"loop leaves in it is read: {e.read_after[name]}")
    if name in e.typed_buffers:
        raise Rejection(UNSUPPORTED_FORM, f"{name} is reached through a typed accessor "
                                          f"(`cpu_data<T>()`): each thread's copy would be "
                                          f"reached untyped")
    if not re.fullmatch(r"[A-Za-z_]\w*", name):  # `bufs_[0]`, `arr_[1]`
        raise Rejection(CROSS_SAMPLE, f"{name} would be private to the loop, but only a "
                                      f"member Blob named on its own can be given each "
                                      f"thread's copy (an element of a container cannot)")
    first_write = min(writes, key=lambda w: w.order)
    aliases = [Alias(var, typ, buf) for buf in ("data", "diff")
               for var, typ in e.alias_vars.get(f"{name}.{buf}", [])]
    redirects.check_private_aliases(name, aliases, e)
    assumes.append(f"{first_write.via} fills the part of {name} that is read afterwards")
    padding = redirects.reads_padding(name, writes, reads)
    return Privatized(name=name, kind=kind, aliases=aliases, extent=f"{name}.count()",
                      copy_in=name in live_in or padding)


def _array_reduction(e: BodyEffects, accesses: List[Access]) -> Reduced:
    """A buffer every sample adds into: `accesses` are all of the body's accesses of it."""
    root = accesses[0].root
    label = root.label()
    var = e.aliases.get(label, "")
    var = var if var in e.at_start else ""  # else not the whole buffer: not redirected
    return Reduced(name=var or label, kind="array", extent=f"{root.name}.count()", var=var,
                   root=root.kind, blob=root.name, buf=root.buf,
                   when=[Gate(t, h) for t, h in gates.under(e.gates, accesses)])


def _scalar_plan(f: LoopFacts, e: BodyEffects) -> Tuple[List[Reduced], List[str]]:
    """Scalars declared before the loop: sums become reductions; values written before they
    are read in every iteration (and not used after the loop) become private."""
    out: Dict[str, Reduced] = {}
    private: List[str] = []
    by_name: Dict[str, List] = {}
    for s in e.scalars:
        by_name.setdefault(s.name, []).append(s)
    for name, accs in by_name.items():
        modes = {s.mode for s in accs}
        if modes == {"read"}:
            continue
        if name.startswith("thread_local "):
            _check_thread_local(name, accs, e)
            continue
        if modes == {"acc"}:
            ops = {s.op for s in accs}
            if ops <= {"+=", "-=", "++", "--", "post++", "post--"}:
                out[name] = Reduced(name=name, kind="scalar", extent="1", op="+")
                continue
        if modes in ({"max"}, {"min"}) and all(s.op == "strict" for s in accs):
            out[name] = Reduced(name=name, kind="scalar", extent="1", op=modes.pop())
            continue
        if modes == {"arg"} and len({s.op for s in accs}) == 1:
            out[name] = Reduced(name=name, kind="scalar", extent="1", op="arg", of=accs[0].op)
            continue
        writes = [s for s in accs if s.mode == "write"]
        uses = [s for s in accs if s.mode != "write"]
        if writes and name not in e.used_after and \
                all(covered(u, [w for w in writes if w.order < u.order]) for u in uses):
            private.append(name)
            continue
        raise Rejection(CROSS_SAMPLE, f"scalar {name} carries a value from one sample to the "
                                      f"next (line {accs[0].line})")
    for r in out.values():
        partners = [x for x in out.values() if x.op == "arg" and x.of == r.of]
        if r.op == "arg" and (r.of not in out or out[r.of].op not in ("max", "min") or
                              len(partners) > 1 or len(by_name[r.name]) > 1 or
                              len(by_name[r.of]) > 1):
            raise Rejection(CROSS_SAMPLE, f"{r.name} is assigned with {r.of}, which is not "
                                          f"one max or min with a strict comparison alone")
    return list(out.values()), sorted(private)


def _check_thread_local(name: str, accs: List, e: BodyEffects) -> None:
    """A thread_local is each thread's own variable: free when every sample writes it
    before reading it and the function does not read it after the loop (where it would see
    only the calling thread's part)."""
    writes = [s for s in accs if s.mode == "write"]
    var = name.split(" ", 1)[1]
    if var in e.used_after or not all(
            covered(u, [w for w in writes if w.order < u.order])
            for u in accs if u.mode != "write"):
        raise Rejection(CROSS_SAMPLE, f"{name} carries a value from one sample to the next "
                                      f"(line {accs[0].line})")


def _extent_reason(f: LoopFacts) -> Tuple[str, str]:
    """Why a loop is not a batch loop, from how its bound is known."""
    if f.extent == "none":
        return NOT_BATCH, "its condition does not bound a counter (i < N)"
    if f.extent == "sample":
        return NOT_BATCH, f"its extent `{f.trip}` is a size within one sample"
    if f.extent == "param":
        return NOT_BATCH, f"its extent `{f.trip}` is a parameter of {f.method}"
    if f.extent == "unknown":
        return UNKNOWN_EXTENT, (f"its extent `{f.trip}` is not proven to be the batch size: "
                                "a value assigned to it is out of the tool's sight")
    return NOT_BATCH, f"its extent `{f.trip}` is not the batch size"


def decide(f: LoopFacts, live_in: Set[str] = frozenset(),
           form: Optional[Form] = None) -> Decision:
    """The decision on one loop or call. With its source form, a plan the templates cannot
    write into that form is rejected here (`unsupported form`), so render never refuses."""
    d = _decide(f, live_in)
    if d.decision == "parallel" and form is not None:
        rej = RewritableForm().check(d, form)
        if rej is not None:
            _reject(d, rej)
    return d


def _reject(d: Decision, rej: Rejection) -> None:
    d.decision, d.reason, d.detail = "rejected", rej.reason, rej.detail
    d.privatize, d.reduce, d.induction, d.split, d.assumes = [], [], [], [], []
    d.hoist, d.sync, d.private_scalars, d.slices = [], [], [], []


def _decide(f: LoopFacts, live_in: Set[str]) -> Decision:
    d = Decision(file=f.file, line=f.line, cls=f.cls, method=f.method, kind=f.kind,
                 decision="rejected", var=f.var, trip=f.trip, degraded=bool(f.degraded),
                 start=f.start, end=f.end, inherits=f.inherits)
    kind = kinds.KINDS.get(f.kind)
    return kind.plan(f, d, live_in) if kind is not None else _decide_other(f, d)


def _decide_other(f: LoopFacts, d: Decision) -> Decision:
    """A loop no kind takes: the first rule it fails, or why it is not a batch loop."""
    d.helpers = sorted(set(f.effects.helpers))
    for rule in (NotDegraded(), NotAlreadyParallel(), NoRng()):
        rej = rule.check(f, f.effects)
        if rej is not None:
            d.reason, d.detail = rej.reason, rej.detail
            return d
    d.reason, d.detail = _extent_reason(f) if f.extent else \
        (TOO_LITTLE, "not a loop over samples")
    return d


def decide_loop(f: LoopFacts, d: Decision, live_in: Set[str], rules=()) -> Decision:
    """A batch or elementwise loop: every rule (and the kind's own `rules`), then the plan
    from its effects."""
    e = f.effects
    d.helpers = sorted(set(e.helpers))
    try:
        for rule in RULES + list(rules):
            rej = rule.check(f, e)
            if rej is not None:
                raise rej
        privatize, reduce, assumes, slices, apart = _memory_plan(f, e, live_in)
        scalar_reduce, private_scalars = _scalar_plan(f, e)
        reduce += scalar_reduce
        hoist, sync = _accessor_plan(e, {p.name for p in privatize}, assumes)
        redirects.through_hoists(reduce, hoist, e)
        induction = _induction_plan(e)
    except Rejection as r:
        d.reason, d.detail = r.reason, r.detail
        return d
    d.decision = "parallel"
    d.privatize, d.reduce, d.assumes, d.slices = privatize, reduce, assumes, slices
    d.private_scalars = private_scalars
    d.hoist, d.sync, d.induction, d.apart = hoist, sync, induction, apart
    return d


def _induction_plan(e: BodyEffects) -> List[InductionPlan]:
    """Each induction variable's closed form: the sum of its steps, under one condition."""
    out: List[InductionPlan] = []
    for var in dict.fromkeys(ind.var for ind in e.inductions):
        steps = [i for i in e.inductions if i.var == var]
        conds = {i.condition for i in steps}
        if len(conds) > 1:
            raise Rejection(INDUCTION, f"{var} advances under different conditions")
        out.append(InductionPlan(
            var=var,
            steps=[InductionStep(i.step, list(i.multiplier), list(i.clamp)) for i in steps],
            condition=conds.pop()))
    return out


_CONST_ACCESSORS = ("cpu_data", "cpu_diff")


def _accessor_plan(e: BodyEffects, privatized: Set[str],
                   assumes: List[str]) -> Tuple[List[Hoist], List[Sync]]:
    """No worker thread may run a Blob accessor that can change the Blob's sync state (a
    Blob whose memory is not yet at the CPU is allocated and zeroed by the first call: each
    thread would do it, and all but one thread's writes would be lost). An accessor on a
    Blob of the iteration's own, or on a privatized scratch Blob, is harmless. Any other in
    the loop body is hoisted before the region, when its receiver is loop-invariant. A const
    accessor in a helper, on a member Blob, is made harmless by syncing that Blob before
    the region: then it only reads the state. Everything else is rejected."""
    hoists: Dict[str, Hoist] = {}
    syncs: Dict[Tuple[str, str], Sync] = {}
    for a in e.accessors:
        if a.own or a.root_name in privatized:
            continue
        if a.helper:
            _sync(a, syncs, assumes)
        else:
            _hoist(a, hoists)
    spans = sorted(u[1:] for h in hoists.values() for u in h.uses)
    for (s1, e1), (s2, e2) in zip(spans, spans[1:]):
        if s2 < e1 and (s1, e1) != (s2, e2):
            raise Rejection(BLOB_ACCESSOR, "one Blob accessor is nested in another's receiver")
    return list(hoists.values()), list(syncs.values())


def _hoist(a, hoists: Dict[str, Hoist]) -> None:
    """An accessor of the loop body, evaluated once before the region."""
    where = f"{a.text} at line {a.line}"
    if not a.invariant:
        raise Rejection(BLOB_ACCESSOR, f"{where}: its receiver changes inside the "
                                       f"loop, so it cannot be evaluated before it")
    checked = a.guarded and a.indexed
    if checked and not a.vector:
        raise Rejection(BLOB_ACCESSOR, f"{where} runs under a condition, and its "
                                       f"receiver may not exist otherwise")
    key = re.sub(r"\s+", "", a.text)
    h = hoists.get(key)
    if h is None:
        h = hoists[key] = Hoist(var=_hoist_name(a.text, hoists), call=a.text,
                                blob=a.root_name, buf=BLOB_BUFFERS[a.method][0])
    if checked:
        h.vector, h.index = a.vector, a.index
    elif a.guarded:
        h.nonempty = a.text[:len(a.text) - len(a.method + "()")].rstrip()
    if (a.file, a.start, a.end) not in h.uses:
        h.uses.append((a.file, a.start, a.end))


def _sync(a, syncs: Dict[Tuple[str, str], Sync], assumes: List[str]) -> None:
    """An accessor in a helper: a const one on a member Blob, synced before the region
    (or already at the CPU); anything else is rejected."""
    where = f"{a.text} at line {a.line}"
    if a.method not in _CONST_ACCESSORS:
        raise Rejection(BLOB_ACCESSOR, f"{where} (in a helper) may change the state of "
                                       f"a Blob that every thread shares")
    if a.root_kind == "member" and a.prepared:
        note = (f"{a.root_name} is at the CPU before the loop (Reshape/LayerSetUp take "
                f"it mutably), so {a.method} in a helper only reads its state")
        if note not in assumes:
            assumes.append(note)
        return
    if not a.members_only or not a.reachable or (a.guarded and a.indexed and not a.vector):
        raise Rejection(BLOB_ACCESSOR, f"{where} (in a helper) reads a Blob that "
                                       f"cannot be synced before the region")
    recv = re.sub(r"\s+", "", a.receiver)
    arrow = a.text[len(a.receiver):].lstrip().startswith("->")
    syncs.setdefault((recv, a.method), Sync(receiver=a.receiver, method=a.method,
                                            this_prefix=not recv.startswith("this->"),
                                            arrow=arrow))
    if a.guarded and a.indexed:
        sync = syncs[(recv, a.method)]
        sync.vector, sync.index = a.vector, a.index


def _hoist_name(call: str, taken: Dict[str, Hoist]) -> str:
    """cgp_ + the call's words: bottom[i]->mutable_cpu_diff() -> cgp_bottom_i_mutable_cpu_diff."""
    words = re.findall(r"[A-Za-z0-9]+", call.replace("this->", ""))
    base = "cgp_" + "_".join(words)
    names = {h.var for h in taken.values()}
    name, k = base, 1
    while name in names:
        k += 1
        name = f"{base}_{k}"
    return name
