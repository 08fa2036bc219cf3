package picture

import (
	"bytes"
	"fmt"
	"image/png"
	"os"
	"testing"

	"stormjudge/adjudicator"
)

func TestZZEnc2(t *testing.T) {
	for _, gl := range []int{4} {
		glyphLevels = gl
		facesMu.Lock()
		faces = map[faceKey]*sharedFace{}
		facesMu.Unlock()
		mapBase.img = nil
		for _, tc := range []struct {
			n string
			v adjudicator.View
			p adjudicator.Power
		}{{"start_public", startView(), 0}, {"busy_public", busyView(), 0}} {
			img, c := rgbaOf(tc.v, tc.p)
			for _, sh := range []int{16, 32, 64, 128, 220} {
				shades = sh
				q := quantize(img, c.inks)
				var b1, b2 bytes.Buffer
				(&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&b1, q)
				(&png.Encoder{CompressionLevel: png.DefaultCompression}).Encode(&b2, q)
				fmt.Printf("levels %d %s shades %d: speed %d default %d\n", gl, tc.n, sh, b1.Len(), b2.Len())
				if tc.n == "busy_public" && sh == 16 {
					os.WriteFile(fmt.Sprintf("/tmp/scratch/gl%d.png", gl), b2.Bytes(), 0o644)
				}
			}
		}
	}
}

func TestZZColours(t *testing.T) {
	glyphLevels = 4
	img, _ := rgbaOf(busyView(), adjudicator.Germany)
	n := map[uint32]int{}
	for i := 0; i < len(img.Pix); i += 4 {
		n[uint32(img.Pix[i])<<16|uint32(img.Pix[i+1])<<8|uint32(img.Pix[i+2])]++
	}
	fmt.Println("distinct colours", len(n))
}
