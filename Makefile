# quickbox: one multicall binary. `make help` lists the targets.
#
#   make                    ./quickbox, optimised, -Wall -Wextra (warnings
#                           stay warnings; WERROR=1 makes them errors, as
#                           make test, make check, the fuzz builds and CI do)
#   make CC=aarch64-linux-gnu-gcc   a cross build (any gcc or clang target)
#   make cross ARCH=aarch64 static glibc cross build, build-aarch64/quickbox
#                           (ARCH: i686 armhf aarch64 s390x, or CROSS_CC=...)
#   make APPLETS="pf pk"    only those applets (default: every applet whose
#                           applets/FAMILY.c exists; or set it in config/local.mk);
#                           a family may add applets/FAMILY_*.c files
#   make PARSCAN=0          no parallel /proc scan (core/process/parscan.c):
#                           every scan in one thread, no thread code linked
#   make test               build, install test tools if missing, run bats
#                           (files side by side); ends with "N passed, N
#                           failed, N skipped"
#   make stress             the suite 3 times in a row on one CPU beside two
#                           busy loops (tests/stress.sh; ROUNDS=N)
#   make check              the same suite on ASan+UBSan builds, gcc then
#                           clang (its last line says if clang's did not run)
#   make check-seccomp      the process tests with the pidfd calls (and the
#                           other new ones) failing ENOSYS or EPERM
#   make check-arch         the suite on i686 armhf aarch64 s390x cross
#                           builds (qemu-user; ARCHES=, ARCH_TESTS=)
#   make check-boot         boot Debian 12's kernel under qemu with the static
#                           binary in an initramfs, run every applet
#   make static             static musl binary (STATIC_CC=cc: static glibc)
#   make size               static sizes of each applet family and the whole
#   make install PREFIX=/usr/local DESTDIR=   binary + links pf pk pw tails tim
#                           + man pages, all or nothing (checked first);
#                           LINKS=all (or LINKS="pgrep head") adds personalities;
#                           the -O2 build stripped, its size said
#   make install-debug      the same with the development build as it is
#                           (-O2 -g, debug info kept: for gdb and perf)
#   make bench              the benchmark (bench.sh): about 1-2 minutes, ends
#                           in a summary table of ratios to the reference tools
#   make bench-full         the long studies (bench/full.sh, about 22-42 minutes)

CC      ?= cc
PREFIX  ?= /usr/local
B       ?= build
BIN     ?= quickbox
OPT     ?= -O2
CFLAGS  ?= $(OPT) -g
# -Werror only where the project's own checks build (WERROR=1: make test,
# make check, the fuzz and test helpers, CI): a release build with a newer
# compiler must not fail on that compiler's new warnings
WERROR  ?=
WFLAGS   = -std=c11 -D_GNU_SOURCE -D_FILE_OFFSET_BITS=64 -Wall -Wextra $(if $(filter 1,$(WERROR)),-Werror) -fno-math-errno
EXTRA   ?=
# tim's log() from libm.so.6 when tim runs, not at every applet's start
# (core/lib/mlog.c; `make static` turns it off): with --as-needed libm is
# then no dependency of the binary at all (sqrt is an instruction under
# -fno-math-errno); a static link (LDFLAGS=-static) links log() itself
LAZY_LIBM ?= $(if $(filter -static,$(LDFLAGS)),,-DQB_LAZY_LIBM)
LDLIBS  ?= -Wl,--as-needed -lm -ldl

# the parallel scan of large process tables (ENABLE_PARSCAN)
PARSCAN ?= 1

-include config/local.mk

# name:family pairs from the one applet list
PAIRS   := $(shell sed -n 's/^APPLET.\([a-z0-9_]*\), *\([a-z0-9_]*\),.*/\1:\2/p' config/applets.def)
name     = $(word 1,$(subst :, ,$(1)))
family   = $(word 2,$(subst :, ,$(1)))
AVAIL   := $(foreach p,$(PAIRS),$(if $(wildcard applets/$(call family,$(p)).c),$(call name,$(p))))
APPLETS ?= $(AVAIL)
BAD     := $(filter-out $(AVAIL),$(APPLETS))
ifneq ($(BAD),)
$(error unknown or unimplemented applet(s): $(BAD); available: $(AVAIL))
endif
FAMILIES := $(sort $(foreach p,$(PAIRS),$(if $(filter $(call name,$(p)),$(APPLETS)),$(call family,$(p)))))

# core/ is a library: one folder per engine (process, records, timing),
# lib/ for generic helpers and libc/ below them for the project's own
# versions of C library functions (tests/floors.sh), archived so that,
# with --gc-sections, a subset build links only the functions its applets
# reach
CORE_DIRS := libc lib process records timing
CORE_SRC := $(foreach d,$(CORE_DIRS),$(wildcard core/$(d)/*.c))
CORE_OBJ := $(CORE_SRC:%.c=$(B)/%.o)
CORE_LIB := $(B)/libcore.a
# one -I for the core: an #include names its floor ("lib/err.h",
# "libc/fmt.h", "process/select.h"), which tests/floors.sh checks
CORE_INC := -Icore
# a family is applets/FAMILY.c plus any applets/FAMILY_*.c beside it
FAM_SRC  := $(foreach f,$(FAMILIES),applets/$(f).c $(wildcard applets/$(f)_*.c))
OBJ      := $(B)/core/main.o $(FAM_SRC:%.c=$(B)/%.o)
SECTIONS := -ffunction-sections -fdata-sections
ALLCFLAGS = $(WFLAGS) $(CFLAGS) $(LAZY_LIBM) $(SECTIONS) $(EXTRA) -I$(B) $(CORE_INC) -MMD -MP

TEST_SRC := $(wildcard tests/*.c)
TEST_BIN := $(TEST_SRC:tests/%.c=build/tests/%)

.PHONY: all test stress testbin voidcheck check check-seccomp check-boot check-arch cross-cc static static-deps cross size install install-debug uninstall clean bench bench-full help deps FORCE
all: $(BIN)

$(BIN): $(OBJ) $(CORE_LIB)
	$(CC) $(CFLAGS) $(EXTRA) $(LDFLAGS) -Wl,--gc-sections -o $@ $(OBJ) $(CORE_LIB) $(LDLIBS)

$(CORE_LIB): $(CORE_OBJ)
	@rm -f $@
	$(AR) rcs $@ $(CORE_OBJ)

$(B)/core/libc/heap.o: EXTRA += -fno-lto

$(B)/%.o: %.c $(B)/enabled.h
	@mkdir -p $(@D)
	$(CC) $(ALLCFLAGS) -c -o $@ $<

# ENABLE_<name> 0/1 for every listed name, and ENABLE_PARSCAN; rewritten
# only when it changes, after checking the list is sorted and free of
# duplicates.
$(B)/enabled.h: FORCE
	@mkdir -p $(B)
	@names=$$(sed -n 's/^APPLET.\([a-z0-9_]*\),.*/\1/p' config/applets.def); \
	 if [ "$$(printf '%s\n' $$names | LC_ALL=C sort -u)" != "$$(printf '%s\n' $$names)" ]; then \
	   echo "config/applets.def: names must be sorted and unique" >&2; exit 1; fi; \
	 for n in $$names; do v=0; for a in $(APPLETS); do [ $$n = $$a ] && v=1; done; \
	   u=$$(echo $$n | tr a-z A-Z); \
	   printf '#define ENABLE_%s %s\n#define ENABLE_%s %s\n' $$n $$v $$u $$v; done > $@.tmp.$$$$; \
	 echo '#define ENABLE_PARSCAN $(if $(filter 0,$(PARSCAN)),0,1)' >> $@.tmp.$$$$; \
	 cmp -s $@.tmp.$$$$ $@ && rm -f $@.tmp.$$$$ || mv $@.tmp.$$$$ $@

-include $(OBJ:.o=.d) $(CORE_OBJ:.o=.d)

# test helpers: tests/unit_*.c link the core library the binary links
# (no I/O wrappers needed), the others are standalone fixtures. Linking
# the library rather than compiling the core again for each of them cut
# make test's build from 35 s to about 15 s on 2 CPUs
build/tests/unit_%: tests/unit_%.c $(CORE_LIB) $(wildcard core/*/*.h)
	@mkdir -p $(@D)
	$(CC) $(WFLAGS) $(CFLAGS) -I$(B) $(CORE_INC) -o $@ $< $(CORE_LIB) $(LDLIBS)
build/tests/%: tests/%.c
	@mkdir -p $(@D)
	$(CC) $(WFLAGS) $(CFLAGS) -o $@ $< -lpthread
deps:
	@sh tests/deps.sh

# assertions bats can never fail on (a mid-test `! cmd`, a mid-test `&&`
# list of them): named by file and line, before the suite runs
voidcheck:
	@awk -f tests/void.awk tests/*.bats

# the builds before a suite use every CPU (69 s -> 39 s on 2 CPUs)
JOBS = -j$$(nproc 2>/dev/null || echo 1)

# the suite's files run side by side, one per CPU, then those marked
# "bats-count: alone" one at a time (tests/bats-count.sh; QB_JOBS=1 runs
# every file in turn)
test: deps voidcheck
	@$(MAKE) --no-print-directory $(JOBS) WERROR=1 all testbin
	QB=$(abspath $(BIN)) TESTBIN=$(abspath build/tests) sh tests/bats-count.sh $(BATSFLAGS) tests

# the suite three times in a row on one CPU beside two busy loops: races
# show up here first (tests/stress.sh; ROUNDS=N for another count)
stress: deps voidcheck
	sh tests/stress.sh $(or $(ROUNDS),3) tests

testbin: $(TEST_BIN)
# the test helpers and fuzz harnesses are the project's own checks
testbin fuzz fuzz-build: WERROR = 1

# the gcc half, then the clang half (clang's UBSan catches overflows gcc
# folds away) when clang is here or can be installed; else the last line
# says that half did not run. Each half runs the files that run the
# binary under test: not size.bats (musl builds of its own), refs.bats
# (the scripts' tool lookup), void.bats or floors.bats (source checkers), which
# make test runs and a sanitized binary changes nothing in.
CHECK_TESTS = $(filter-out tests/size.bats tests/refs.bats tests/void.bats tests/floors.bats,$(wildcard tests/*.bats))

check: deps voidcheck
	@$(MAKE) --no-print-directory $(JOBS) WERROR=1 B=build-asan BIN=build-asan/quickbox OPT=-O1 \
	  EXTRA="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
	@$(MAKE) --no-print-directory $(JOBS) WERROR=1 testbin
	ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 \
	  QB=$(abspath build-asan/quickbox) TESTBIN=$(abspath build/tests) sh tests/bats-count.sh $(BATSFLAGS) $(CHECK_TESTS)
	@$(MAKE) --no-print-directory check-clang-or-say

check-clang-or-say:
	@if sh tests/deps.sh clang 2>/dev/null; then $(MAKE) --no-print-directory check-clang; else \
	  echo "make check: the clang half (ASan+UBSan built with clang) did NOT run: no clang (apt-get install clang, or run make check as root)"; fi

# make check-seccomp: the process tests (pf pk pw, the procps
# personalities, churn) with system calls failing as on an older kernel
# (ENOSYS) or under a container's seccomp profile (EPERM). Each mode is
# ERRNO:CALLS for tests/qbsecc.c ("pidfd": the pidfd family; "new": every
# call newer than Linux 4.x). The filter is put on bats itself, so
# quickbox, the fixtures and the reference tools all run on that kernel,
# each under its own name (a wrapper would show in argv[0] and in exe).
# The files run through tests/bats-count.sh, as in make test (two at a
# time, the timed ones alone after). Every mode runs; the target fails
# if any did.
SECCOMP_MODES ?= ENOSYS:pidfd EPERM:pidfd ENOSYS:new
SECCOMP_TESTS ?= pf pk pw pgrep pkill pidwait pidof churn

check-seccomp: deps voidcheck
	@$(MAKE) --no-print-directory WERROR=1 all testbin
	@bad=0; for m in $(SECCOMP_MODES); do \
	  s=$$(date +%s); echo "== seccomp $$m: $(SECCOMP_TESTS)"; \
	  QB_SECCOMP=$$m QB=$(abspath $(BIN)) TESTBIN=$(abspath build/tests) \
	    $(abspath build/tests/qbsecc) $${m%%:*} $${m#*:} -- \
	    sh tests/bats-count.sh $(BATSFLAGS) $(SECCOMP_TESTS:%=tests/%.bats) && r=passed || { r=FAILED; bad=1; }; \
	  echo "== seccomp $$m: $$r ($$(($$(date +%s) - s)) s)"; \
	done; exit $$bad

# make check-boot: the static binary (make static) and busybox-static's
# sh in an initramfs, booted with Debian 12's kernel under
# qemu-system-x86_64 (TCG); tests/boot/init runs every applet and
# personality, tests/boot/run.sh checks the console against
# tests/boot/expected (BOOT_KERNEL=, BOOT_TIMEOUT= there). In build-boot/.
check-boot: static
	@sh tests/boot/run.sh build-static/quickbox build-boot

# make static: the small static binary, with musl (Debian: musl-tools).
# Without musl-gcc the step installs musl-tools as root with apt-get (as
# make test installs its tools), else stops and says what to install;
# STATIC_CC=cc asks for a static glibc build instead (about 1 MB, and
# getpwnam then warns that it needs glibc's shared NSS libraries).
# The flags are the size measurements of docs/quickbox.md: no unwind
# tables, link-time optimisation (the archive through gcc-ar, which reads
# LTO objects), and the linker's separate-code and RELRO page padding left
# out (no dynamic loader runs here to protect a GOT with RELRO), and
# position-dependent code (-fno-pie -no-pie: a static binary is loaded at
# its link address anyway, so PIE's indirections buy nothing; with LTO
# the code is made at link time, so the link flags say it too), with the
# data segment packed right after the text in the file (common-page-size:
# no padding to a page boundary between them; max-page-size, which the
# loader needs, stays 4096).
STATIC_CC      ?= musl-gcc
# -Oz (gcc 12, clang) where the compiler has it, and switches as compare
# chains, not jump tables: 3,008 bytes off the whole (1.5 %), tails 768;
# callgrind counts unchanged for pf's scan, head and tail, +0.9 % for a
# tim --read (docs/quickbox.md, "Static binary and size"). With gcc,
# no scalar replacement of aggregates (-fno-tree-sra): gcc 14 splits the
# option and plan structs of tails_main into scalars and spills them one
# by one, 2,944 bytes more in tails and 4,352 in the whole than without
# (Debian 13: whole 203,696 -> 199,344, tails 50,472 -> 47,528, headtail
# 51,928 -> 49,048); with gcc 12 (Debian 12) it changes the whole by 0
# bytes (pf +96). Callgrind counts on Debian 13 are the same or fewer
# (head -n 100000 of a file 8,016,464 -> 8,016,385 instructions, pf -f
# -a count 331,880 -> 330,849, tim -N -n 20 70,896 -> 70,605). A
# compiler without the flag (clang) goes without it.
STATIC_OPT      = $(shell $(STATIC_CC) -Oz -E -x c /dev/null >/dev/null 2>&1 && echo -Oz || echo -Os) -fno-jump-tables \
		  $(shell echo 'int x;' | $(STATIC_CC) -fno-tree-sra -Werror -c -o /dev/null -x c - >/dev/null 2>&1 && echo -fno-tree-sra)
# musl's allocator is 8 KB of every static family; core/libc/heap.c is
# about 1 KB (docs/quickbox.md, "Static binary and size"). Its object is
# plain (no LTO: the LTO symbol table does not list the calls to malloc
# and free, so the linker would take musl's), and -u pulls it from the
# archive ahead of libc.
OWN_HEAP       := $(if $(filter musl-gcc,$(STATIC_CC)),-DQB_OWN_HEAP)
HEAP_SYMS      := malloc calloc realloc free
STATIC_CFLAGS   = $(STATIC_OPT) -flto -flto-partition=one -fno-asynchronous-unwind-tables -fno-unwind-tables -fno-pie $(OWN_HEAP)
STATIC_LDFLAGS := -static -no-pie -fno-pie -s -flto -flto-partition=one -Wl,--build-id=none -Wl,-z,noseparate-code -Wl,-z,norelro -Wl,-z,common-page-size=64 $(if $(OWN_HEAP),$(HEAP_SYMS:%=-Wl,-u,%))
STATIC_MAKE     = $(MAKE) --no-print-directory CC=$(STATIC_CC) AR=gcc-ar OPT="$(STATIC_OPT)" \
		  CFLAGS="$(STATIC_CFLAGS)" LDFLAGS="$(STATIC_LDFLAGS)" LAZY_LIBM=

static-deps:
	@[ "$(STATIC_CC)" != musl-gcc ] || sh tests/deps.sh musl

static: static-deps
	@rm -rf build-static
	@$(STATIC_MAKE) B=build-static BIN=build-static/quickbox && \
	 echo "static build ($(STATIC_CC)): build-static/quickbox $$(wc -c < build-static/quickbox) bytes"

# make cross ARCH=aarch64: a static glibc build with Debian's cross gcc
# (package gcc-ARCH-linux-gnu), in build-ARCH/quickbox; CROSS_CC= names
# any other compiler (a musl cross gcc), ARCH then only names the folder.
# A plain `make CC=aarch64-linux-gnu-gcc` works too (dynamic, in build/).
CROSS_i686    := i686-linux-gnu-gcc
CROSS_armhf   := arm-linux-gnueabihf-gcc
CROSS_aarch64 := aarch64-linux-gnu-gcc
CROSS_s390x   := s390x-linux-gnu-gcc
CROSS_ARCHES  := i686 armhf aarch64 s390x
CROSS_CC      ?= $(CROSS_$(ARCH))
CROSS_DIR     ?= build-$(or $(ARCH),cross)

cross:
	@[ -n "$(CROSS_CC)" ] || { echo "make cross: which ARCH? ($(CROSS_ARCHES)), or CROSS_CC=COMPILER" >&2; exit 2; }
	@command -v $(CROSS_CC) >/dev/null || { echo "make cross: no $(CROSS_CC) (apt-get install gcc-$(patsubst %-gcc,%,$(CROSS_CC)))" >&2; exit 2; }
	@$(MAKE) --no-print-directory CC=$(CROSS_CC) LDFLAGS=-static B=$(CROSS_DIR) BIN=$(CROSS_DIR)/quickbox && \
	 echo "$(CROSS_DIR)/quickbox ($(CROSS_CC), static; the linker's getpwnam warning is glibc's NSS, see docs/quickbox.md)"

cross-cc:
	@echo $(CROSS_CC)

# make check-arch: make cross and the test suite for each of ARCHES,
# emulated by qemu-user where the kernel cannot run the binary
# (tests/arch.sh registers it with binfmt_misc); ARCH_TESTS="pf tails"
# runs only those bats files. Installs the cross compilers and qemu-user
# with apt-get as root when missing.
ARCHES ?= $(CROSS_ARCHES)
check-arch: deps voidcheck
	@$(MAKE) --no-print-directory WERROR=1 all testbin
	@sh tests/arch.sh $(ARCHES)

# make size: the stripped static size of each single-family build and of
# the whole, in build-size/FAMILY/ (a family: the names of one applets/
# family file, e.g. tails = head tail tails). SIZE_FAM="tails whole" picks.
famnames = $(foreach p,$(PAIRS),$(if $(filter $(1),$(call family,$(p))),$(call name,$(p))))
ALLFAM  := $(sort $(foreach p,$(PAIRS),$(if $(filter $(call name,$(p)),$(AVAIL)),$(call family,$(p)))))

SIZE_DIR ?= build-size
SIZE_FAM ?= $(ALLFAM) whole
size1    = $(STATIC_MAKE) -s B=$(SIZE_DIR)/$(1) BIN=$(SIZE_DIR)/$(1)/quickbox \
	   APPLETS="$(strip $(2))" >/dev/null 2>&1 && \
	   printf '%-7s %8s bytes  %s\n' $(1) "$$(wc -c < $(SIZE_DIR)/$(1)/quickbox)" "$(strip $(2))"

size: static-deps
	@rm -rf $(SIZE_DIR)
	@$(foreach f,$(SIZE_FAM),$(call size1,$(f),$(if $(filter whole,$(f)),$(AVAIL),$(call famnames,$(f)))) && ) true

# make install: the binary and links for the native applets, which shadow
# nothing. The personalities (pgrep pkill pidwait pidof head tail) would
# shadow the system's tools, so they are linked only when asked:
#   make install LINKS=all   or   make install LINKS="pgrep pkill"
# All or nothing: every target is checked before anything is written. A
# name whose file exists and is not quickbox's (a link to a quickbox, or
# the installed binary itself, as quickbox --install allows), or a man
# page that is not quickbox's, stops it with one line naming the file,
# and nothing is installed. The links are made by the installed binary
# (quickbox --install). A man page is installed for quickbox and each
# linked name, its version filled in from core/applets.h (the pages in
# docs/ name none; an alias page, head.1 or pidof.1, is a link to the
# page it shares and is installed as a copy of it: nothing points at a
# page that may be missing or another package's); the last line says what
# was installed. uninstall removes only names that are links to the
# installed quickbox. The binary installed is the -O2 build stripped of
# its debug info (install -s); install-debug installs it unstripped.
NATIVE  := pf pk pw tails tim
LINKS   ?=
IBIN     = $(DESTDIR)$(PREFIX)/bin
IMAN     = $(DESTDIR)$(PREFIX)/share/man/man1
# the one version string: core/applets.h's, which --version prints
VERSION := $(shell sed -n 's/^\#define QB_VERSION "\(.*\)"/\1/p' core/applets.h)

comma := ,
INSTALL_STRIP = -s
install-debug: INSTALL_STRIP =
install install-debug: $(BIN)
	@built=$$($(abspath $(BIN)) --list) && names= && \
	 for n in $$built; do case " $(NATIVE) " in *" $$n "*) names="$$names $$n";; esac; done; \
	 case " $(LINKS) " in *" all "*) names=$$built;; *) names="$$names $(LINKS)";; esac; \
	 names=$$(echo $$names); built=$$(echo $$built); \
	 for n in $$names; do case " $$built " in *" $$n "*) ;; *) \
	   echo "make install: $$n: no such applet in this build (built: $$built): nothing installed" >&2; exit 1;; esac; done; \
	 for n in $$names; do f=$(IBIN)/$$n; \
	   if [ -d "$$f" ] && [ ! -L "$$f" ]; then why="is a directory"; \
	   elif [ -L "$$f" ]; then case $$(readlink "$$f") in quickbox|*/quickbox) continue;; esac; why="is a link to $$(readlink "$$f"), not to quickbox"; \
	   elif [ -e "$$f" ] && ! [ "$$f" -ef $(IBIN)/quickbox ]; then why="exists and is not a link to quickbox"; \
	   else continue; fi; \
	   echo "make install: $$f $$why: nothing installed (remove it, or leave $$n out of LINKS)" >&2; exit 1; done; \
	 for n in quickbox $$names; do f=$(IMAN)/$$n.1; \
	   [ -f docs/$$n.1 ] && [ -e "$$f" ] || continue; \
	   sed -n '/^\.TH /{p;q;}' "$$f" | grep -q '"quickbox[ "]' && continue; \
	   echo "make install: $$f is not quickbox's man page: nothing installed (remove it, or leave $$n out of LINKS)" >&2; exit 1; done; \
	 install -d $(IBIN) $(IMAN) && \
	 install -m 755 $(INSTALL_STRIP) $(BIN) $(IBIN)/quickbox && \
	 echo "$(IBIN)/quickbox: $$(wc -c < $(IBIN)/quickbox) bytes$(if $(INSTALL_STRIP),$(comma) stripped$(comma) -O2, with debug info)" && \
	 if [ -n "$$names" ]; then \
	   echo "quickbox --install $(IBIN) $$names"; \
	   $(IBIN)/quickbox --install $(IBIN) $$names || exit 1; fi; \
	 pages=; for n in quickbox $$names; do [ -f docs/$$n.1 ] || continue; \
	   sed '/^\.TH /s/"quickbox"/"quickbox $(VERSION)"/' docs/$$n.1 > $(IMAN)/$$n.1 && chmod 644 $(IMAN)/$$n.1 || exit 1; \
	   pages="$$pages $$n.1"; done; \
	 echo "installed: $(IBIN)/quickbox; links: $${names:-none}; man pages in $(IMAN):$$pages"

uninstall:
	@[ -x $(IBIN)/quickbox ] || { echo "no $(IBIN)/quickbox: nothing to uninstall"; exit 0; }; \
	 for n in $$($(IBIN)/quickbox --list); do \
	   if [ $(IBIN)/$$n -ef $(IBIN)/quickbox ]; then rm -f $(IBIN)/$$n $(IMAN)/$$n.1; fi; done; \
	 rm -f $(IBIN)/quickbox $(IMAN)/quickbox.1

# deps first: on a fresh machine they bring the compiler. The static
# build is remade only when older than ./quickbox.
# Both builds use every CPU: from a fresh clone they are a third of the
# run on 2 CPUs.
bench bench-full:
	@sh bench/deps.sh $(if $(filter bench-full,$@),full)
	@$(MAKE) --no-print-directory -j$$(nproc 2>/dev/null || echo 1) all
	@[ build-static/quickbox -nt $(BIN) ] || \
	 $(MAKE) --no-print-directory -j$$(nproc 2>/dev/null || echo 1) static >/dev/null 2>&1 || \
	 echo "# make static failed: the static build's rows are skipped"
	@bash ./bench.sh $(if $(filter bench-full,$@),--full)

clean:
	rm -rf build build-asan build-static build-size build-boot quickbox $(CROSS_ARCHES:%=build-%)

help:
	@sed -n '/^$$/q; 2,$$s/^# \{0,1\}//p' Makefile

# ---- fuzzing and the clang sanitizer run (tests/fuzz/, docs/FUZZING.md) ----
#   make fuzz [FUZZ_S=60]   build each tests/fuzz/fuzz_NAME.c with libFuzzer
#                           (clang), run it FUZZ_S seconds on its corpus,
#                           fail on any crash (input in build-fuzz/crash/NAME/)
#   make fuzz-build         only build them
#   make check-clang        the test suite on a clang ASan+UBSan build (make
#                           check runs it too: clang installed as root, as
#                           make fuzz installs clang and libFuzzer's runtime)
# A harness names the applet files it needs in "// fuzz-link: applets/x.c"
# lines and extra libFuzzer options in "// fuzz-opts: -max_len=N" lines.
# `make testbin` also builds each harness as build/tests/fuzz_NAME with
# tests/fuzz/replay.c's main() (ASan+UBSan, any compiler) for tests/fuzz.bats.
FUZZ_CC    ?= clang
FUZZ_S     ?= 60
FUZZ_FLAGS ?=
FUZZ_B     := build-fuzz
FUZZ_SAN   := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
FUZZ_RSAN  ?= $(FUZZ_SAN)
FUZZ_NAMES := $(patsubst tests/fuzz/fuzz_%.c,%,$(wildcard tests/fuzz/fuzz_*.c))
FUZZ_CORE  := $(CORE_SRC:.c=.o)
FUZZ_INC    = $(WFLAGS) -O1 -g -I$(B) $(CORE_INC) -Itests/fuzz -MMD -MP
fuzz_links  = $(shell sed -n 's|^// fuzz-link: *||p' tests/fuzz/fuzz_$(1).c)
fuzz_opts   = $(shell sed -n 's|^// fuzz-opts: *||p' tests/fuzz/fuzz_$(1).c)

.PHONY: fuzz fuzz-build fuzz-deps check-clang check-clang-or-say fuzz-clean
.PRECIOUS: build/fz/%.o $(FUZZ_B)/obj/%.o
# libFuzzer build: objects in build-fuzz/obj/, harnesses build-fuzz/fuzz_NAME
$(FUZZ_B)/obj/%.o: %.c $(B)/enabled.h | fuzz-deps
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_INC) $(FUZZ_SAN) -fsanitize=fuzzer-no-link -c -o $@ $<
$(FUZZ_B)/libfz.a: $(FUZZ_CORE:%=$(FUZZ_B)/obj/%)
	@rm -f $@
	$(AR) rcs $@ $^
# replay build: objects in build/fz/, harnesses build/tests/fuzz_NAME
build/fz/%.o: %.c $(B)/enabled.h
	@mkdir -p $(@D)
	$(CC) $(FUZZ_INC) $(FUZZ_RSAN) -c -o $@ $<
build/fz/libfz.a: $(FUZZ_CORE:%=build/fz/%)
	@rm -f $@
	$(AR) rcs $@ $^
-include $(wildcard $(FUZZ_B)/obj/*/*.d $(FUZZ_B)/obj/*/*/*.d build/fz/*/*.d build/fz/*/*/*.d)

fuzz-build: $(FUZZ_NAMES:%=$(FUZZ_B)/fuzz_%)
# clang with libFuzzer's runtime: installed as root (as make test installs
# its tools), else the package to install is named
fuzz-deps:
	@sh tests/deps.sh fuzz $(FUZZ_CC)
fuzz: $(FUZZ_NAMES:%=fuzz-run-%)
testbin: $(FUZZ_NAMES:%=build/tests/fuzz_%)
clean: fuzz-clean
fuzz-clean:
	rm -rf $(FUZZ_B) build-asan-clang

# new finds go to build-fuzz/found/NAME (scratch); the committed seeds in
# tests/fuzz/corpus/NAME are only read
fuzz-run-%: $(FUZZ_B)/fuzz_%
	@mkdir -p $(FUZZ_B)/found/$* $(FUZZ_B)/crash/$* tests/fuzz/corpus/$*
	@echo "fuzz $*: $(FUZZ_S) s"
	@ASAN_OPTIONS=$${ASAN_OPTIONS:-abort_on_error=1} $(FUZZ_B)/fuzz_$* \
	  -max_total_time=$(FUZZ_S) -print_final_stats=1 \
	  -artifact_prefix=$(FUZZ_B)/crash/$*/ $(call fuzz_opts,$*) $(FUZZ_FLAGS) \
	  $(FUZZ_B)/found/$* tests/fuzz/corpus/$* > $(FUZZ_B)/$*.log 2>&1 || \
	 { tail -n 40 $(FUZZ_B)/$*.log; echo "fuzz $*: FAILED, input in $(FUZZ_B)/crash/$*/ (copy it to tests/fuzz/regress/$*/)"; exit 1; }
	@sed -n 's/^stat::number_of_executed_units: */fuzz $*: executions /p; s/^stat::peak_rss_mb: */fuzz $*: peak RSS MB /p' $(FUZZ_B)/$*.log

check-clang: deps
	@sh tests/deps.sh clang
	@$(MAKE) --no-print-directory $(JOBS) WERROR=1 CC=clang B=build-asan-clang BIN=build-asan-clang/quickbox OPT=-O1 \
	  EXTRA="$(FUZZ_SAN)"
	@$(MAKE) --no-print-directory $(JOBS) WERROR=1 testbin
	ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 \
	  QB=$(abspath build-asan-clang/quickbox) TESTBIN=$(abspath build/tests) sh tests/bats-count.sh $(BATSFLAGS) $(CHECK_TESTS)

.SECONDEXPANSION:
$(FUZZ_B)/fuzz_%: $(FUZZ_B)/obj/tests/fuzz/fuzz_%.o $(FUZZ_B)/libfz.a \
    $$(addprefix $(FUZZ_B)/obj/,$$(subst .c,.o,$$(call fuzz_links,$$*)))
	$(FUZZ_CC) $(FUZZ_SAN) -fsanitize=fuzzer -o $@ $(filter %.o,$^) $(FUZZ_B)/libfz.a -lm
build/tests/fuzz_%: build/fz/tests/fuzz/fuzz_%.o build/fz/tests/fuzz/replay.o build/fz/libfz.a \
    $$(addprefix build/fz/,$$(subst .c,.o,$$(call fuzz_links,$$*)))
	@mkdir -p $(@D)
	$(CC) $(FUZZ_RSAN) -o $@ $(filter %.o,$^) build/fz/libfz.a -lm
