"""A Caffe fork for the tests: a tree whose caffe.proto is caffe_src's with a layer parameter
added (WidgetParameter, as a fork adds one) and one caffe_src leaves out (TileParameter)."""
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CAFFE_PROTO = ROOT / "caffe_src" / "src" / "caffe" / "proto" / "caffe.proto"

LAYER_FIELDS = """  optional WidgetParameter widget_param = 9001;
  optional TileParameter tile_param = 9002;
"""
MESSAGES = """
message WidgetParameter {
  optional float scale = 1 [default = 1];
  repeated uint32 size = 2;
  enum WidgetMode {
    SLOW = 0;
    FAST_PATH = 1;
  }
  optional WidgetMode mode = 3;
  optional FillerParameter weight_filler = 4;
  optional int32 axis = 5;
}

message TileParameter {
  optional int32 axis = 1 [default = 1];
  optional int32 tiles = 2;
}
"""


def fork_tree(dest: Path) -> Path:
    """dest made a Caffe tree with the fork's caffe.proto (and nothing else)."""
    text = CAFFE_PROTO.read_text()
    head = "message LayerParameter {\n"
    assert head in text
    proto = dest / "src" / "caffe" / "proto" / "caffe.proto"
    proto.parent.mkdir(parents=True, exist_ok=True)
    proto.write_text(text.replace(head, head + LAYER_FIELDS, 1) + MESSAGES)
    return dest
