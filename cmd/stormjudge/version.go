package main

import (
	"flag"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
)

// version is the release stamped at build time, which the build info
// cannot know when the tree is not a module fetched at a version:
//
//	go build -ldflags "-X main.version=1.4.0" ./cmd/stormjudge
//
// deploy/Containerfile stamps it from its VERSION build argument. Empty:
// the module's version, else the VCS revision the go command recorded.
var version string

// buildVersion is what `stormjudge version` prints and the start log
// line names: the stamp, the module, the VCS and the toolchain.
type buildVersion struct {
	Version  string // the stamp, the module's version, or the short revision; "devel" when none is known
	Module   string // the main module's version as the go command recorded it ("(devel)" for a build in the tree)
	Revision string // vcs.revision; "" when the build recorded none (-buildvcs=false, no .git directory)
	Time     string // vcs.time, RFC 3339
	Modified bool   // vcs.modified: the tree had uncommitted changes
	Go       string // runtime.Version()
	Platform string // GOOS/GOARCH
}

// readVersion reads the build info of the running binary; stamp is the
// -X main.version override ("" for none).
func readVersion(stamp string) buildVersion {
	v := buildVersion{Version: stamp, Go: runtime.Version(), Platform: runtime.GOOS + "/" + runtime.GOARCH}
	if bi, ok := debug.ReadBuildInfo(); ok {
		v.Module = bi.Main.Version
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				v.Revision = s.Value
			case "vcs.time":
				v.Time = s.Value
			case "vcs.modified":
				v.Modified = s.Value == "true"
			}
		}
	}
	if v.Version == "" {
		switch {
		case v.Module != "" && v.Module != "(devel)":
			v.Version = v.Module // v0.0.0-20261127122538-5840fa2ce250+dirty, or a tag
		case v.Revision != "":
			v.Version = shortRevision(v.Revision)
			if v.Modified {
				v.Version += "+dirty"
			}
		default:
			v.Version = "devel"
		}
	}
	return v
}

func shortRevision(r string) string {
	if len(r) > 12 {
		return r[:12]
	}
	return r
}

// String is the one line the start log and the first line of `version`
// show: "stormjudge 1.4.0 (go1.26.8 linux/amd64)".
func (v buildVersion) String() string {
	return fmt.Sprintf("stormjudge %s (%s %s)", v.Version, v.Go, v.Platform)
}

// write prints the version, then what the build recorded, one item a line.
func (v buildVersion) write(w io.Writer) {
	fmt.Fprintln(w, v)
	if v.Module != "" {
		fmt.Fprintf(w, "module    %s\n", v.Module)
	}
	if v.Revision != "" {
		fmt.Fprintf(w, "revision  %s\n", v.Revision)
		if v.Time != "" {
			fmt.Fprintf(w, "committed %s\n", v.Time)
		}
		fmt.Fprintf(w, "modified  %t\n", v.Modified)
	} else {
		fmt.Fprintln(w, "revision  not recorded (built with -buildvcs=false, or not in a git clone)")
	}
	fmt.Fprintf(w, "go        %s %s\n", v.Go, v.Platform)
}

func cmdVersion(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("version", flag.ContinueOnError)
	fs.SetOutput(stderr)
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("version: no arguments expected, got %q", fs.Arg(0))
	}
	readVersion(version).write(stdout)
	return nil
}
