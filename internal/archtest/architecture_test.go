package archtest

import (
	"bytes"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the measured columns of docs/architecture.md's package table")

const module = "stormjudge"

// root is the module's directory, two levels up from this package.
func root(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// pkg is one package as `go list` sees it.
type pkg struct {
	Path    string // import path without the module's name ("." for none)
	Dir     string
	Files   []string // Go files without tests
	Imports []string
	Lines   int
	// Exported counts the package's exported identifiers: top-level
	// functions, methods of exported types, types, variables, constants.
	Exported int
}

func listPackages(t *testing.T) []pkg {
	t.Helper()
	cmd := exec.Command("go", "list", "-f", `{{.ImportPath}}|{{.Dir}}|{{join .GoFiles ","}}|{{join .Imports ","}}`, "./...")
	cmd.Dir = root(t)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, stderr.String())
	}
	var pkgs []pkg
	for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Split(l, "|")
		p := pkg{Path: strings.TrimPrefix(strings.TrimPrefix(f[0], module), "/"), Dir: f[1]}
		if p.Path == "" {
			p.Path = "."
		}
		if f[2] != "" {
			p.Files = strings.Split(f[2], ",")
		}
		if f[3] != "" {
			p.Imports = strings.Split(f[3], ",")
		}
		for _, name := range p.Files {
			b, err := os.ReadFile(filepath.Join(p.Dir, name))
			if err != nil {
				t.Fatal(err)
			}
			p.Lines += bytes.Count(b, []byte("\n"))
			p.Exported += exported(t, filepath.Join(p.Dir, name), b)
		}
		pkgs = append(pkgs, p)
	}
	return pkgs
}

// importsCell names what p imports: this module's packages, then the
// others outside the standard library, shortened to their module's name.
func importsCell(p pkg) string {
	var own, others []string
	for _, imp := range p.Imports {
		switch {
		case imp == module || strings.HasPrefix(imp, module+"/"):
			own = append(own, strings.TrimPrefix(imp, module+"/"))
		case strings.Contains(strings.Split(imp, "/")[0], "."):
			name := imp
			for _, prefix := range []string{"github.com/", "golang.org/", "go.etcd.io/"} {
				name = strings.TrimPrefix(name, prefix)
			}
			others = append(others, name)
		}
	}
	cell := strings.Join(own, ", ")
	if len(others) > 0 {
		if cell != "" {
			cell += "; "
		}
		cell += strings.Join(others, ", ")
	}
	if cell == "" {
		return "(standard library)"
	}
	return cell
}

const (
	tableStart = "<!-- packages: measured by go test ./internal/archtest (-update rewrites lines, files, exported and imports; the concern is written by hand) -->"
	tableEnd   = "<!-- end of packages -->"
	tableHead  = "| package | lines | files | exported | rule sections or concern | imports (this module; others) |\n|---|---:|---:|---:|---|---|\n"
)

// row splits a row of the table into its six cells, the package's name
// without its backquotes: nil for a line that is no row of a package.
func row(l string) []string {
	if !strings.HasPrefix(l, "| `") || !strings.HasSuffix(l, "|") {
		return nil
	}
	cells := strings.Split(strings.TrimSuffix(strings.TrimPrefix(l, "|"), "|"), "|")
	if len(cells) != 6 {
		return nil
	}
	for i := range cells {
		cells[i] = strings.TrimSpace(cells[i])
	}
	cells[0] = strings.Trim(cells[0], "`")
	return cells
}

// TestArchitectureTable: docs/architecture.md has a row for every package
// of `go list ./...` and no other, each with its lines (Go code without
// tests, counted as wc -l does), its files, its exported identifiers (the
// size of its API), what it imports, and a concern written by hand.
func TestArchitectureTable(t *testing.T) {
	path := filepath.Join(root(t), "docs", "architecture.md")
	doc, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s := string(doc)
	i, j := strings.Index(s, tableStart), strings.Index(s, tableEnd)
	if i < 0 || j < i {
		t.Fatalf("docs/architecture.md: no table between %q and %q", tableStart, tableEnd)
	}
	concern := map[string]string{}
	rows := map[string][]string{}
	for _, l := range strings.Split(s[i+len(tableStart):j], "\n") {
		if r := row(l); r != nil {
			concern[r[0]] = r[4]
			rows[r[0]] = r
		}
	}
	pkgs := listPackages(t)
	var b strings.Builder
	b.WriteString("\n" + tableHead)
	for _, p := range pkgs {
		c := concern[p.Path]
		if c == "" {
			c = "TODO: what this package owns"
		}
		fmt.Fprintf(&b, "| `%s` | %s | %d | %d | %s | %s |\n", p.Path, thousands(p.Lines), len(p.Files), p.Exported, c, importsCell(p))
	}
	want := b.String()
	if *update {
		s = s[:i+len(tableStart)] + want + s[j:]
		if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	var problems []string
	for _, p := range pkgs {
		r, ok := rows[p.Path]
		switch {
		case !ok:
			problems = append(problems, fmt.Sprintf("%s: no row", p.Path))
			continue
		case r[1] != thousands(p.Lines):
			problems = append(problems, fmt.Sprintf("%s: %s lines in the table, %d in the code", p.Path, r[1], p.Lines))
		case r[2] != strconv.Itoa(len(p.Files)):
			problems = append(problems, fmt.Sprintf("%s: %s files in the table, %d in the code", p.Path, r[2], len(p.Files)))
		case r[3] != strconv.Itoa(p.Exported):
			problems = append(problems, fmt.Sprintf("%s: %s exported identifiers in the table, %d in the code", p.Path, r[3], p.Exported))
		case r[5] != importsCell(p):
			problems = append(problems, fmt.Sprintf("%s: imports %q in the table, %q in the code", p.Path, r[5], importsCell(p)))
		}
		if strings.HasPrefix(r[4], "TODO") || strings.TrimSpace(r[4]) == "" {
			problems = append(problems, fmt.Sprintf("%s: no concern written", p.Path))
		}
	}
	for name := range rows {
		if !slices.ContainsFunc(pkgs, func(p pkg) bool { return p.Path == name }) {
			problems = append(problems, fmt.Sprintf("%s: a row for a package that is not in the tree", name))
		}
	}
	if len(problems) > 0 || !strings.Contains(s, want) {
		slices.Sort(problems)
		t.Errorf("docs/architecture.md's table of packages is out of date (go test ./internal/archtest -update, then write the concern of a new package):\n  %s", strings.Join(problems, "\n  "))
	}
}

// exported counts the exported identifiers a file declares: top-level
// functions, methods of exported types, types, variables and constants.
func exported(t *testing.T, name string, src []byte) int {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), name, src, 0)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if !d.Name.IsExported() {
				continue
			}
			if recv := receiver(d); recv != "" && !ast.IsExported(recv) {
				continue
			}
			n++
		case *ast.GenDecl:
			for _, s := range d.Specs {
				switch s := s.(type) {
				case *ast.TypeSpec:
					if s.Name.IsExported() {
						n++
					}
				case *ast.ValueSpec:
					for _, id := range s.Names {
						if id.IsExported() {
							n++
						}
					}
				}
			}
		}
	}
	return n
}

// receiver is the name of the type a method is declared on ("" for a
// function): T for (T), (*T), (T[E]) and (*T[E]).
func receiver(d *ast.FuncDecl) string {
	if d.Recv == nil {
		return ""
	}
	typ := d.Recv.List[0].Type
	if s, ok := typ.(*ast.StarExpr); ok {
		typ = s.X
	}
	switch x := typ.(type) {
	case *ast.IndexExpr:
		typ = x.X
	case *ast.IndexListExpr:
		typ = x.X
	}
	if id, ok := typ.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}

func thousands(n int) string {
	s := strconv.Itoa(n)
	if len(s) <= 3 {
		return s
	}
	return s[:len(s)-3] + "," + s[len(s)-3:]
}

// TestPackageSize: no package holds more than 6,000 lines without its
// tests (a package that large holds more than one concern), and the judge
// no more than 3,000.
func TestPackageSize(t *testing.T) {
	for _, p := range listPackages(t) {
		if p.Lines > 6000 {
			t.Errorf("%s holds %d lines without its tests, more than 6,000", p.Path, p.Lines)
		}
		// the judge is the pipeline; its commands, words, guards and
		// publishing are its rooms (judge/doc.go)
		if p.Path == "judge" && p.Lines > 3000 {
			t.Errorf("judge holds %d lines without its tests, more than 3,000: what is not the pipeline goes to a room", p.Lines)
		}
	}
}

// TestNoWiringAcrossPackages: no code assigns a variable of another
// package, in init() or anywhere else. A package that needs what another
// owns is passed it as a value by its caller (an option, an argument);
// wiring set from outside is an edge the import graph does not show.
func TestNoWiringAcrossPackages(t *testing.T) {
	for _, p := range listPackages(t) {
		fset := token.NewFileSet()
		for _, name := range p.Files {
			f, err := parser.ParseFile(fset, filepath.Join(p.Dir, name), nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			imported := map[string]bool{}
			for _, imp := range f.Imports {
				path, _ := strconv.Unquote(imp.Path.Value)
				n := filepath.Base(path)
				if imp.Name != nil {
					n = imp.Name.Name
				}
				imported[n] = true
			}
			ast.Inspect(f, func(n ast.Node) bool {
				as, ok := n.(*ast.AssignStmt)
				if !ok {
					return true
				}
				for _, lhs := range as.Lhs {
					if sel, ok := lhs.(*ast.SelectorExpr); ok {
						if x, ok := sel.X.(*ast.Ident); ok && x.Obj == nil && imported[x.Name] {
							t.Errorf("%s: sets %s.%s, another package's variable", fset.Position(as.Pos()), x.Name, sel.Sel.Name)
						}
					}
				}
				return true
			})
		}
	}
}

var issueRE = regexp.MustCompile(`(?i)\bissues? #?[0-9]+`)

// TestNoIssueNumbers: production code and test file names cite rules and
// behaviour, not a tracker that is not in the repository.
func TestNoIssueNumbers(t *testing.T) {
	for _, p := range listPackages(t) {
		for _, name := range p.Files {
			b, err := os.ReadFile(filepath.Join(p.Dir, name))
			if err != nil {
				t.Fatal(err)
			}
			for n, l := range strings.Split(string(b), "\n") {
				if issueRE.MatchString(l) {
					t.Errorf("%s:%d: %s", filepath.Join(p.Path, name), n+1, strings.TrimSpace(l))
				}
			}
		}
		tests, _ := filepath.Glob(filepath.Join(p.Dir, "*_test.go"))
		for _, f := range tests {
			if regexp.MustCompile(`(issue|[0-9]{2}[a-z])_test\.go$`).MatchString(f) {
				t.Errorf("%s: a test file named after an issue, not a rule or a behaviour", f)
			}
		}
	}
}

// TestDocsStayInTheRepository: the README and docs/ point to nothing
// outside the repository: what a user needs is in it.
func TestDocsStayInTheRepository(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(root(t), "docs", "*.md"))
	files = append(files, filepath.Join(root(t), "README.md"))
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for n, l := range strings.Split(string(b), "\n") {
			if strings.Contains(l, "../shared") {
				t.Errorf("%s:%d: points outside the repository: %s", filepath.Base(f), n+1, strings.TrimSpace(l))
			}
		}
	}
}

// declared is every package's top-level names and methods (Type.Method),
// by package name, from the files without tests.
func declared(t *testing.T, pkgs []pkg) map[string]map[string]bool {
	t.Helper()
	out := map[string]map[string]bool{}
	for _, p := range pkgs {
		fset := token.NewFileSet()
		for _, name := range p.Files {
			f, err := parser.ParseFile(fset, filepath.Join(p.Dir, name), nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			names := out[f.Name.Name]
			if names == nil {
				names = map[string]bool{}
				out[f.Name.Name] = names
			}
			// a method or field is also named by the package alone
			// (judge.Tick for (*Judge).Tick): member adds both.
			member := func(typ, name string) {
				names[typ+"."+name] = true
				names[name] = true
			}
			for _, d := range f.Decls {
				switch d := d.(type) {
				case *ast.FuncDecl:
					if d.Recv == nil {
						names[d.Name.Name] = true
						continue
					}
					if recv := receiver(d); recv != "" {
						member(recv, d.Name.Name)
					}
				case *ast.GenDecl:
					for _, s := range d.Specs {
						switch s := s.(type) {
						case *ast.TypeSpec:
							names[s.Name.Name] = true
							if st, ok := s.Type.(*ast.StructType); ok {
								for _, f := range st.Fields.List {
									for _, n := range f.Names {
										member(s.Name.Name, n.Name)
									}
								}
							}
							if it, ok := s.Type.(*ast.InterfaceType); ok {
								for _, m := range it.Methods.List {
									for _, n := range m.Names {
										member(s.Name.Name, n.Name)
									}
								}
							}
						case *ast.ValueSpec:
							for _, n := range s.Names {
								names[n.Name] = true
							}
						}
					}
				}
			}
		}
	}
	// the tests a comment may point to (orders.TestCanonicalTextReadsBack)
	for _, p := range pkgs {
		tests, _ := filepath.Glob(filepath.Join(p.Dir, "*_test.go"))
		fset := token.NewFileSet()
		for _, name := range tests {
			f, err := parser.ParseFile(fset, name, nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			pkgName := strings.TrimSuffix(f.Name.Name, "_test")
			for _, d := range f.Decls {
				if fn, ok := d.(*ast.FuncDecl); ok && fn.Recv == nil && out[pkgName] != nil {
					out[pkgName][fn.Name.Name] = true
				}
			}
		}
	}
	return out
}

var (
	qualifiedRE = regexp.MustCompile(`\b([a-z]+)\.([A-Za-z_][A-Za-z0-9_]*)\b`)
	goFileRE    = regexp.MustCompile(`(?:^|[^\w./-])((?:[a-z][\w-]*/)*[a-z][a-z0-9_]*\.go)\b`)
	// fileEndings are what follows a package's name in a file's name
	// (report.go, orders.md), not an identifier
	fileEndings = map[string]bool{"go": true, "md": true, "toml": true, "json": true, "cases": true, "tsv": true, "txt": true, "ics": true, "html": true, "png": true, "gz": true, "key": true, "db": true}
)

// repoFiles are the repository's Go files by their path from the root,
// and the names of its directories.
func repoFiles(t *testing.T) (files []string, dirs map[string]bool) {
	t.Helper()
	r := root(t)
	dirs = map[string]bool{}
	err := filepath.WalkDir(r, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if d.Name() == ".git" {
				return filepath.SkipDir
			}
			dirs[d.Name()] = true
		}
		if strings.HasSuffix(path, ".go") {
			rel, _ := filepath.Rel(r, path)
			files = append(files, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files, dirs
}

// fileExists reports whether a Go file a text names is in the repository:
// a bare name anywhere, a path (judge/recorded_test.go; crisis_test/x.go
// for package crisis_test's file in crisis/) from any directory. A path
// whose first directory the repository has none of is another project's
// (go-imap's imapserver/idle.go) and is not checked.
func fileExists(files []string, dirs map[string]bool, name string) bool {
	name = strings.ReplaceAll(name, "_test/", "/")
	if first, _, ok := strings.Cut(name, "/"); ok && !dirs[first] {
		return true
	}
	return slices.ContainsFunc(files, func(f string) bool { return f == name || strings.HasSuffix(f, "/"+name) })
}

var ()

// TestCommentsNameWhatExists: a comment of production code that names
// another package's identifier (`storm.Order`, `judge.Tick`) or a Go file
// (`standing.go`) names one that exists, so that comments follow the code
// when it moves.
func TestCommentsNameWhatExists(t *testing.T) {
	pkgs := listPackages(t)
	names := declared(t, pkgs)
	files, dirs := repoFiles(t)
	for _, p := range pkgs {
		fset := token.NewFileSet()
		for _, name := range p.Files {
			f, err := parser.ParseFile(fset, filepath.Join(p.Dir, name), nil, parser.ParseComments)
			if err != nil {
				t.Fatal(err)
			}
			for _, cg := range f.Comments {
				for _, c := range cg.List {
					where := fset.Position(c.Pos())
					for _, m := range qualifiedRE.FindAllStringSubmatch(c.Text, -1) {
						decl, ok := names[m[1]]
						if !ok || m[1] == f.Name.Name && !strings.Contains(p.Path, m[1]) {
							continue // not a package of this module
						}
						if !decl[m[2]] && !fileEndings[m[2]] {
							t.Errorf("%s:%d: the comment names %s.%s, which package %s does not declare", filepath.Join(p.Path, name), where.Line, m[1], m[2], m[1])
						}
					}
					for _, m := range goFileRE.FindAllStringSubmatch(c.Text, -1) {
						if !fileExists(files, dirs, m[1]) {
							t.Errorf("%s:%d: the comment names %s, which is not in the repository", filepath.Join(p.Path, name), where.Line, m[1])
						}
					}
				}
			}
		}
	}
}

// TestOrdersStandOnTheGroundOnly: the order language depends on the
// engine's ground (storm) and on no phase: the phases validate and resolve
// typed orders, the grammar and the canonical text are orders' alone.
func TestOrdersStandOnTheGroundOnly(t *testing.T) {
	cmd := exec.Command("go", "list", "-deps", "./orders")
	cmd.Dir = root(t)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list -deps ./orders: %v", err)
	}
	for _, dep := range strings.Fields(string(out)) {
		if strings.HasPrefix(dep, module+"/adjudicator") && dep != module+"/adjudicator/storm" {
			t.Errorf("orders depends on %s: only adjudicator/storm is allowed", dep)
		}
	}
}

// TestEngineDocumented: every exported identifier of the rules engine has
// a doc comment (a grouped constant or variable its group's). A method
// that implements an interface of its own package (the events' Type and
// Visibility) is documented by the interface, and String and Error by
// theirs.
func TestEngineDocumented(t *testing.T) {
	for _, p := range listPackages(t) {
		if p.Path != "adjudicator" && !strings.HasPrefix(p.Path, "adjudicator/") {
			continue
		}
		fset := token.NewFileSet()
		var files []*ast.File
		ifaceMethods := map[string]bool{"String": true, "Error": true}
		for _, name := range p.Files {
			f, err := parser.ParseFile(fset, filepath.Join(p.Dir, name), nil, parser.ParseComments)
			if err != nil {
				t.Fatal(err)
			}
			files = append(files, f)
			ast.Inspect(f, func(n ast.Node) bool {
				if it, ok := n.(*ast.InterfaceType); ok {
					for _, m := range it.Methods.List {
						for _, name := range m.Names {
							ifaceMethods[name.Name] = true
						}
					}
				}
				return true
			})
		}
		for _, f := range files {
			missing := func(pos token.Pos, what string) {
				t.Errorf("%s: %s has no doc comment", fset.Position(pos), what)
			}
			for _, decl := range f.Decls {
				switch d := decl.(type) {
				case *ast.FuncDecl:
					if !d.Name.IsExported() || d.Doc != nil {
						continue
					}
					if recv := receiver(d); recv != "" && (!ast.IsExported(recv) || ifaceMethods[d.Name.Name]) {
						continue
					}
					missing(d.Pos(), "func "+d.Name.Name)
				case *ast.GenDecl:
					for _, s := range d.Specs {
						switch s := s.(type) {
						case *ast.TypeSpec:
							if s.Name.IsExported() && d.Doc == nil && s.Doc == nil && s.Comment == nil {
								missing(s.Pos(), "type "+s.Name.Name)
							}
						case *ast.ValueSpec:
							for _, n := range s.Names {
								if n.IsExported() && d.Doc == nil && s.Doc == nil && s.Comment == nil {
									missing(n.Pos(), n.Name)
								}
							}
						}
					}
				}
			}
		}
	}
}

var (
	// exported names only: `economy.grants` is a path in the state's JSON
	docQualifiedRE = regexp.MustCompile("`([a-z]+)\\.([A-Z][A-Za-z0-9_]*)(?:\\.([A-Za-z_][A-Za-z0-9_]*))?")
	docFileRE      = regexp.MustCompile(`(?:^|[^\w/.-])((?:[a-z][a-z0-9_]*/)*[a-z][a-z0-9_]*(?:_test)?\.go)\b`)
)

// TestDocsNameWhatExists: the README and docs/ name identifiers of this
// module's packages (`store.Game`, `judge.Tick`) and Go files
// (judge/recorded_test.go) that exist, so that the docs follow the code
// when it moves.
func TestDocsNameWhatExists(t *testing.T) {
	pkgs := listPackages(t)
	names := declared(t, pkgs)
	r := root(t)
	docs, _ := filepath.Glob(filepath.Join(r, "docs", "*.md"))
	docs = append(docs, filepath.Join(r, "README.md"))
	files, dirs := repoFiles(t)
	for _, doc := range docs {
		b, err := os.ReadFile(doc)
		if err != nil {
			t.Fatal(err)
		}
		for n, l := range strings.Split(string(b), "\n") {
			where := fmt.Sprintf("%s:%d", filepath.Base(doc), n+1)
			for _, m := range docQualifiedRE.FindAllStringSubmatch(l, -1) {
				decl, ok := names[m[1]]
				if !ok {
					continue // not a package of this module
				}
				if !decl[m[2]] && !(m[3] != "" && decl[m[2]+"."+m[3]]) {
					t.Errorf("%s: names %s.%s, which package %s does not declare", where, m[1], m[2], m[1])
				}
			}
			for _, m := range docFileRE.FindAllStringSubmatch(l, -1) {
				if !fileExists(files, dirs, m[1]) {
					t.Errorf("%s: names %s, which is not in the repository", where, m[1])
				}
			}
		}
	}
}
