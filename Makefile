# Two entry points for a fresh machine: `make demo` and `make test`.
PY ?= python3
BUILD ?= build/caffe_src
JOBS ?= 2

.PHONY: setup build test test-cpp test-py test-mutants lint demo clean

setup:
	bash scripts/setup.sh

build: setup
	mkdir -p build && cmake -S caffe_src -B $(BUILD) -DCMAKE_BUILD_TYPE=Release > $(BUILD).configure.log 2>&1 || \
	  (cat $(BUILD).configure.log; exit 1)
	cmake --build $(BUILD) -j$(JOBS)

test-cpp: build
	$(BUILD)/test/test_all --gtest_brief=1

test-py: setup
	$(PY) -m pytest -q --durations=25

test-mutants: setup  # the mutation campaign, analyze only: seconds
	$(PY) tests/mutants/campaign.py

lint: setup
	$(PY) -m ruff check .

# the campaign runs inside test-py too (tests/test_mutants.py prints its summary): once is enough
test: build
	$(MAKE) --no-print-directory lint test-cpp test-py

# the data first (set-up links it), so that a missing CIFAR-10 batch stops it before the build
demo: setup
	bash scripts/demo.sh --check-data
	$(MAKE) --no-print-directory build
	bash scripts/demo.sh

clean:
	rm -rf build
