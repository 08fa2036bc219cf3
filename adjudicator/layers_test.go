package adjudicator_test

import (
	"go/build"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The engine's packages and the engine packages each may import
// (docs/architecture.md): the ground, then the tracks, then what every
// phase reads, then the phases, which never import each other, then the
// sequence of play on top. A package not listed here fails the test, so
// a new one is placed in the picture when it is made.
var layers = map[string][]string{
	"storm":       {},
	"event":       {"storm"},
	"deckcheck":   {"storm"},
	"track":       {"storm", "event"},
	"threshold":   {"storm", "track"},
	"randomevent": {"storm", "event", "track"},
	"setup":       {"storm", "track", "randomevent"},
	"economy":     {"storm", "event", "track", "randomevent"},
	"diplomacy":   {"storm", "event", "track", "randomevent"},
	"crisis":      {"storm", "event", "track", "threshold", "randomevent"},
	"war":         {"storm", "event", "track", "threshold"},
	".": {"storm", "event", "track", "threshold", "randomevent", "setup",
		"economy", "diplomacy", "crisis", "war"},
	// helpers shared by the engine's tests, imported by tests only
	"internal/enginetest": {"storm", "event", "track", "threshold", "randomevent",
		"setup", "economy", "diplomacy", "crisis", "war", "."},
}

// phases never import one another: what one needs of a sibling, the top
// package passes down as a function value when it calls the phase.
var phases = []string{"economy", "diplomacy", "crisis", "war"}

const module = "stormjudge/adjudicator"

func engineImports(t *testing.T, dir string) []string {
	t.Helper()
	p, err := build.ImportDir(dir, 0)
	if err != nil {
		t.Fatalf("%s: %v", dir, err)
	}
	var out []string
	for _, imp := range p.Imports {
		if imp == module {
			out = append(out, ".")
		} else if rest, ok := strings.CutPrefix(imp, module+"/"); ok {
			out = append(out, rest)
		}
	}
	return out
}

func enginePackages(t *testing.T) []string {
	t.Helper()
	var dirs []string
	err := filepath.WalkDir(".", func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() || path == "testdata" || strings.HasSuffix(path, "/testdata") {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if m, _ := filepath.Glob(filepath.Join(path, "*.go")); len(m) > 0 {
			dirs = append(dirs, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return dirs
}

// TestPackageLayers checks every import between the engine's packages
// against the picture of docs/architecture.md.
func TestPackageLayers(t *testing.T) {
	dirs := enginePackages(t)
	if len(dirs) < len(layers) {
		t.Fatalf("found %d engine packages %v, want the %d of the picture", len(dirs), dirs, len(layers))
	}
	for _, dir := range dirs {
		allowed, ok := layers[dir]
		if !ok {
			t.Errorf("package %s is not in the picture (layers_test.go, docs/architecture.md)", dir)
			continue
		}
		for _, imp := range engineImports(t, dir) {
			if !slices.Contains(allowed, imp) {
				t.Errorf("%s imports %s: not allowed (it may import %v)", dir, imp, allowed)
			}
		}
	}
}

// TestPhasesNeverImportEachOther: a phase reaches a sibling only through
// a function value the top package passes down. The phases' tests
// are packages of their own (economy_test ...) and may read another
// phase's functions to set up a case.
func TestPhasesNeverImportEachOther(t *testing.T) {
	for _, p := range phases {
		for _, imp := range engineImports(t, p) {
			if slices.Contains(phases, imp) {
				t.Errorf("phase %s imports phase %s", p, imp)
			}
		}
	}
}

// TestPackageSize keeps every engine package under 6,000 lines of code
// without its tests, and the top package the sequence of play and the
// outer packages' one door (newgame.go, physical.go; Validate with the
// receipts' warnings and advice, warn.go, advice.go), not the rules:
// under 3,000.
func TestPackageSize(t *testing.T) {
	for _, dir := range enginePackages(t) {
		files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
		n := 0
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			n += strings.Count(string(b), "\n")
		}
		limit := 6000
		if dir == "." {
			limit = 3000
		}
		if n > limit {
			t.Errorf("package %s holds %d lines without its tests, more than %d", dir, n, limit)
		}
		if n == 0 {
			t.Errorf("package %s holds no code", dir)
		}
	}
}
