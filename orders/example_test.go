package orders_test

import (
	"errors"
	"fmt"

	"stormjudge/orders"
)

func ExampleParse() {
	sub, err := orders.Parse(`GAME demo
POWER germany
SECRET germany
# one conversion a turn (14.41)
CONVERT IDLE TO CIVILIAN
END`)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(sub.Envelope.Game, sub.Envelope.Power)
	for _, o := range sub.Orders {
		fmt.Printf("line %d: %s\n", o.Line, o)
	}
	// Output:
	// demo germany
	// line 5: CONVERT IDLE TO CIVILIAN
}

func ExampleParse_errors() {
	_, err := orders.Parse("GAME demo\nSECRET germany\nMOBILISE IDLE\n")
	var es orders.Errors
	if errors.As(err, &es) {
		for _, e := range es {
			fmt.Println(e.Summary())
		}
	}
	// Output:
	// line 3: unknown order "MOBILISE" (did you mean "MOBILIZE"?)
}

func ExampleReadMessage() {
	raw := "From: Germany <Germany@Sandbox.Test>\r\n" +
		"Message-ID: <1@sandbox.test>\r\n" +
		"Subject: =?ISO-8859-1?Q?Befehle_f=FCr_Deutschland?=\r\n" +
		"Content-Type: text/plain; charset=ISO-8859-1\r\n" +
		"Content-Transfer-Encoding: quoted-printable\r\n" +
		"\r\n" +
		"GAME demo\r\nSECRET germany\r\n# Gr=FC=DFe\r\nPASS\r\n"
	m, err := orders.ReadMessage([]byte(raw))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(m.From, m.MessageID, m.Subject)
	fmt.Print(m.Body)
	fmt.Println(orders.IsAutomatic(m, "judge@sandbox.test"))
	// Output:
	// germany@sandbox.test 1@sandbox.test Befehle für Deutschland
	// GAME demo
	// SECRET germany
	// # Grüße
	// PASS
	// false
}
