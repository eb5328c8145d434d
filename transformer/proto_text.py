"""Prototxt files read by protobuf itself, against the caffe.proto of the tree they belong to.

Forks add fields and layer parameters, so a tree's nets and solvers are read with that tree's
own `src/caffe/proto/caffe.proto`: protoc compiles it into a descriptor set (cached, keyed by
the .proto's content), which is loaded into a descriptor pool of its own. Generated `_pb2`
modules would all register `caffe.proto` in protobuf's one default pool, where a second tree's
different caffe.proto cannot go; separate pools let several trees be read in one process.

Malformed text is an InputError of one line naming the file, the line and the field:
`examples/net.prototxt:12: field 'kernal_size': ...`.
"""
from __future__ import annotations

import hashlib
import io
import os
import re
import shutil
import struct
import subprocess
import tempfile
from pathlib import Path
from typing import Dict, Iterator, List, Optional, Tuple

from google.protobuf import descriptor_pb2, descriptor_pool, message_factory, text_format
from google.protobuf.descriptor import FieldDescriptor
from google.protobuf.message import Message

from .errors import InputError
from .source_tree import cache_dir, walk

PROTO = Path("src") / "caffe" / "proto" / "caffe.proto"  # where Caffe trees keep it

# Fields of a LayerParameter that wire it into a net or feed it data, not configure it.
WIRING = frozenset({"name", "type", "bottom", "top", "include", "exclude", "phase", "param",
                    "loss_weight", "propagate_down", "blobs", "transform_param"})

_SCHEMAS: Dict[str, "Schema"] = {}  # by the .proto's digest: one pool per distinct caffe.proto


class Schema:
    """The messages of one caffe.proto."""

    def __init__(self, proto: Path, descriptors: descriptor_pb2.FileDescriptorSet):
        self.proto = proto
        self.pool = descriptor_pool.DescriptorPool()
        for file in descriptors.file:  # protoc lists imports before what imports them
            self.pool.AddSerializedFile(file.SerializeToString())
        self.package = descriptors.file[-1].package

    def new(self, name: str) -> Message:
        """An empty message of type `name` (NetParameter, SolverParameter, LayerParameter)."""
        full = f"{self.package}.{name}" if self.package else name
        try:
            return message_factory.GetMessageClass(self.pool.FindMessageTypeByName(full))()
        except KeyError:
            raise InputError(f"{self.proto}: no message {name}") from None

    def from_text(self, name: str, text: str, where: str) -> Message:
        """The text as a message of type `name`; malformed text is a one-line InputError
        (`where:LINE: field 'NAME': why`)."""
        return parse_as(self.new(name), text, where)

    def read(self, path: Path, name: str) -> Message:
        try:
            text = path.read_text(errors="replace")
        except OSError as e:
            raise InputError(f"{path}: {e.strerror or e}") from None
        return self.from_text(name, text, str(path))


def parse_as(msg: Message, text: str, where: str) -> Message:
    """The text parsed into a new message of msg's type (same tree, same schema)."""
    out = type(msg)()
    try:
        text_format.Parse(text, out)
    except text_format.ParseError as e:
        raise InputError(_error_line(e, text, where)) from None
    return out


def _error_line(err: text_format.ParseError, text: str, where: str) -> str:
    """`where:LINE: field 'NAME': why` for a parse error of text."""
    line, col = err.GetLine() or 1, err.GetColumn() or 1
    why = re.sub(r"^\d+:\d+ : ", "", str(err))
    lines = text.split("\n")
    for echo in ([lines[line - 1]] if line <= len(lines) else []) + [""]:
        if why.startswith(f"'{echo}': "):  # protobuf repeats the line: the location says it
            why = why[len(echo) + 4:]
            break
    why = why.rstrip(".")
    field, opened, stray, at_end = _context(text, line, col)
    unknown = re.search(r'type "([^"]+)" has no field named "([^"]+)"', why)
    if unknown:
        field, why = unknown.group(2), f"{unknown.group(1)} has no such field"
    elif stray:
        field, why = None, f"'{stray}' closes nothing"
    elif at_end and opened and why in ('Expected "}"', 'Expected ">"'):
        opener = "{" if "}" in why else "<"
        (field, line), why = opened[-1], f"its '{opener}' is never closed"
    named = f"field '{field}': " if field else ""
    return f"{where}:{line}: {named}{why}"


def _context(text: str, line: int, col: int
             ) -> Tuple[Optional[str], List[Tuple[str, int]], Optional[str], bool]:
    """What stands at line:col of text, read with protobuf's own tokenizer: the field last
    named up to there, the fields whose braces are open there ((name, line), innermost last),
    the brace found there when it closes nothing, and whether the text ends there."""
    tok = text_format.Tokenizer(text.split("\n"))
    field, prev, opened, stray = None, "", [], None
    try:
        while not tok.AtEnd():
            here = tok.ParseError("")
            at = (here.GetLine(), here.GetColumn())
            if at > (line, col):
                return field, opened, stray, False
            if at == (line, col) and tok.token in ("}", ">") and not opened:
                stray = tok.token
            if tok.token in (":", "{", "<") and re.fullmatch(r"[A-Za-z_][\w.]*", prev):
                field = prev
            if tok.token in ("{", "<"):
                opened.append((prev, at[0]))
            elif tok.token in ("}", ">") and opened:
                opened.pop()
            prev = tok.token
            tok.NextToken()
    except text_format.ParseError:
        return field, opened, stray, False
    return field, opened, stray, True


# ---- the schema of a tree ---------------------------------------------------------------------

def proto_of(root: Path) -> Path:
    """The tree's caffe.proto: src/caffe/proto/caffe.proto, else the first one in the tree."""
    if (root / PROTO).is_file():
        return root / PROTO
    found = next((p for p in walk(root) if p.name == "caffe.proto"), None)
    if found is None:
        raise InputError(f"{root}: no {PROTO}, which its prototxt files are read with")
    return found


def schema(root: Path) -> Schema:
    """The messages of the tree's caffe.proto, compiled once per distinct .proto."""
    return load(proto_of(Path(root)))


def load(proto: Path) -> Schema:
    """The messages of this caffe.proto (one Schema per distinct content in a process)."""
    digest = hashlib.sha256(proto.read_bytes()).hexdigest()[:24]
    if digest not in _SCHEMAS:
        data = _compiled(proto, cache_dir() / "proto-desc" / f"{digest}.desc")
        _SCHEMAS[digest] = Schema(proto, descriptor_pb2.FileDescriptorSet.FromString(data))
    return _SCHEMAS[digest]


def _compiled(proto: Path, out: Path) -> bytes:
    """The descriptor set protoc makes of proto, from the cache when there (written whole:
    protoc writes beside it, and the file is renamed into place)."""
    if out.is_file():
        return out.read_bytes()
    protoc = shutil.which("protoc")
    if not protoc:
        raise InputError(f"protoc is not installed: it compiles {proto}, which the tree's "
                         "prototxt files are read with")
    out.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=out.name, suffix=".tmp", dir=out.parent)
    os.close(fd)
    try:
        r = subprocess.run([protoc, f"--descriptor_set_out={tmp}", "--include_imports",
                            f"-I{proto.parent}", str(proto)], capture_output=True, text=True)
        if r.returncode != 0:
            first = (r.stderr.strip().splitlines() or ["protoc failed"])[0]
            raise InputError(f"{proto}: protoc cannot compile it: {first}")
        os.replace(tmp, out)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
    return out.read_bytes()


def tree_of(path: Path) -> Optional[Path]:
    """The Caffe tree a file lies in (the nearest directory above with src/caffe/proto)."""
    for parent in Path(path).resolve().parents:
        if (parent / PROTO).is_file():
            return parent
    return None


def schema_for(*paths: Path, root: Optional[Path] = None) -> Schema:
    """The schema to read these files with: the given tree's, else that of the first tree
    one of them lies in."""
    if root is not None:
        return schema(root)
    for path in paths:
        tree = tree_of(path)
        if tree is not None:
            return schema(tree)
    names = " nor ".join(str(p) for p in paths)
    raise InputError(f"{names}: not inside a Caffe tree (no {PROTO} above), so the "
                     "caffe.proto to read it with is unknown; give the tree")


# ---- reading messages -------------------------------------------------------------------------

def one_line(msg: Message) -> str:
    """The message as text on one line (`a: 1 b { c: "x" }`)."""
    return text_format.MessageToString(msg, as_one_line=True)


def to_text(msg: Message) -> str:
    """The message as a prototxt file's text: each top-level field (each element of a
    repeated one, such as a net's `layer`) on one line."""
    lines = []
    for fd, value in msg.ListFields():
        for item in value if fd.label == FieldDescriptor.LABEL_REPEATED else [value]:
            out = io.StringIO()
            text_format.PrintField(fd, item, out, as_one_line=True)
            lines.append(out.getvalue().rstrip())
    return "".join(line + "\n" for line in lines)


def has(msg: Optional[Message], name: str) -> bool:
    """Whether the message's type has the field and it is set (repeated: not empty)."""
    fd = _field(msg, name)
    if fd is None:
        return False
    if fd.label == FieldDescriptor.LABEL_REPEATED:
        return len(getattr(msg, name)) > 0
    return msg.HasField(name)


def get(msg: Optional[Message], name: str, default=None):
    """The field's value (the tree's default when unset; an enum as its name; a repeated
    field as a list), or `default` when the message's type has no such field."""
    fd = _field(msg, name)
    if fd is None:
        return default
    value = getattr(msg, name)
    if fd.label == FieldDescriptor.LABEL_REPEATED:
        return [_plain(fd, v) for v in value]
    return _plain(fd, value)


def values(msg: Optional[Message], name: str) -> list:
    """A field's values as a list: a repeated field's, or a set singular field's one."""
    if not has(msg, name):
        return []
    value = get(msg, name)
    return value if isinstance(value, list) else [value]


def _field(msg: Optional[Message], name: str) -> Optional[FieldDescriptor]:
    return None if msg is None else msg.DESCRIPTOR.fields_by_name.get(name)


def _plain(fd: FieldDescriptor, value):
    """A field's value as plain Python: an enum's as its name, a float as the shortest decimal
    that is the same float32 (0.004, as written, not 0.004000000189989805), others as is."""
    if fd.type == FieldDescriptor.TYPE_FLOAT:
        return _shortest(value)
    if fd.enum_type is None:
        return value
    known = fd.enum_type.values_by_number.get(value)
    return known.name if known else value


def _shortest(value: float) -> float:
    for digits in range(6, 10):
        short = float(f"{value:.{digits}g}")
        try:
            if struct.unpack("f", struct.pack("f", short))[0] == value:
                return short
        except OverflowError:  # rounded past the largest float32
            continue
    return value


def settings(layer: Message) -> str:
    """A layer's parameters as one line of text, the wiring left out."""
    out = type(layer)()
    out.CopyFrom(layer)
    for name in WIRING:
        if _field(out, name) is not None:
            out.ClearField(name)
    return one_line(out)


def layers(net: Message) -> Iterator[Tuple[str, str]]:
    """(type, settings) of every `layer { ... }` of a net that names its type."""
    for layer in get(net, "layer", []):
        if layer.type:
            yield layer.type, settings(layer)
