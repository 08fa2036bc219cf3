package orders

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

func TestDebugDump(t *testing.T) {
	fs, _ := filepath.Glob("../testdata/orders/*.eml")
	for _, f := range fs {
		raw, _ := os.ReadFile(f)
		m, err := ReadMessage(raw)
		fmt.Printf("=== %s err=%v\n%+v\n", f, err, m)
		if m != nil {
			s, err := Parse(m.Body)
			fmt.Printf("%+v\n%v\n", s, err)
		}
	}
}
