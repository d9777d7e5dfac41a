// Package hours reads a store's opening hours from the free text the state's dispensary
// roster gives ("M-Sat: 10AM-8PM, Sun: 11AM-5PM", "Mon-Sun 9am-9pm", "Daily 9AM-10PM",
// "24 hours", "Sun: Closed") into days and times. It is the one parser: the pipeline
// publishes what it reads (openingHours), and the site decides "open now" from that at
// view time. Both sides test against testdata/vectors.json.
//
// The roster's text is not a standard format (not OpenStreetMap's opening_hours, which
// Go libraries parse), so this is a small hand-written reader. It is strict: a word or
// sign it does not know makes the whole text unreadable (nil), because hours read
// wrongly would tell a shopper a store is open when it is not.
//
// It imports no project package.
package hours
