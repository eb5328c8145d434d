/* LD_PRELOAD shim: counts allocations (malloc, calloc, realloc, posix_memalign,
   aligned_alloc, and so operator new) and writes "<all> <large>" to the file named by
   $MALLOC_COUNT_FILE when the process exits. "large" counts requests of at least
   LARGE bytes: buffers, as opposed to small shape and string temporaries. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LARGE 1024
static atomic_long count;
static atomic_long large;
static int (*real_posix_memalign)(void**, size_t, size_t);
static void* (*real_aligned_alloc)(size_t, size_t);

static void note(size_t n) {
  atomic_fetch_add(&count, 1);
  if (n >= LARGE) atomic_fetch_add(&large, 1);
}
static void* (*real_malloc)(size_t);
static void* (*real_calloc)(size_t, size_t);
static void* (*real_realloc)(void*, size_t);
static char bootstrap[1 << 16];
static size_t bootstrap_used;

static void* bootstrap_alloc(size_t n) {
  void* p = bootstrap + bootstrap_used;
  bootstrap_used += (n + 15) & ~(size_t)15;
  return p;
}

void* malloc(size_t n) {
  if (!real_malloc) real_malloc = dlsym(RTLD_NEXT, "malloc");
  note(n);
  return real_malloc(n);
}

void* calloc(size_t a, size_t b) {
  if (!real_calloc) {
    /* dlsym itself may call calloc: serve it from a static buffer */
    static int resolving;
    if (resolving) return memset(bootstrap_alloc(a * b), 0, a * b);
    resolving = 1;
    real_calloc = dlsym(RTLD_NEXT, "calloc");
    resolving = 0;
  }
  note(a * b);
  return real_calloc(a, b);
}

void* realloc(void* p, size_t n) {
  if (!real_realloc) real_realloc = dlsym(RTLD_NEXT, "realloc");
  note(n);
  return real_realloc(p, n);
}

int posix_memalign(void** out, size_t align, size_t n) {
  if (!real_posix_memalign) real_posix_memalign = dlsym(RTLD_NEXT, "posix_memalign");
  note(n);
  return real_posix_memalign(out, align, n);
}

void* aligned_alloc(size_t align, size_t n) {
  if (!real_aligned_alloc) real_aligned_alloc = dlsym(RTLD_NEXT, "aligned_alloc");
  note(n);
  return real_aligned_alloc(align, n);
}

void free(void* p) {
  static void (*real_free)(void*);
  if ((char*)p >= bootstrap && (char*)p < bootstrap + sizeof(bootstrap)) return;
  if (!real_free) real_free = dlsym(RTLD_NEXT, "free");
  real_free(p);
}

__attribute__((destructor)) static void report(void) {
  const char* path = getenv("MALLOC_COUNT_FILE");
  if (!path) return;
  FILE* f = fopen(path, "w");
  if (!f) return;
  fprintf(f, "%ld %ld\n", atomic_load(&count), atomic_load(&large));
  fclose(f);
}
