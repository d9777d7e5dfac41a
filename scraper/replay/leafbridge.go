package replay

import (
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/ohiomc/omc/data"
)

// LeafBridge, the WordPress plugin that renders a Dutchie Plus menu on the retailer's
// own site (docs/platforms.md §2): the shop page prints the plugin's nonce; admin-ajax's
// wizard_show_products answers the Plus Product objects, 20 a page. The retailer is
// the form's wizard_data[retailer_id], so every shop the replay serves shares one path.
const (
	leafbridgeShopPath = "/shop/"
	leafbridgeAjaxPath = "/wp-admin/admin-ajax.php"
	leafbridgePerPage  = 20
	// leafbridgeNonce is the nonce the replay's shop page prints and admin-ajax wants.
	leafbridgeNonce = "5f1c0de2a9"
)

// leafbridgeShopPage is the part of a LeafBridge shop page the plugin's script reads:
// its localised settings object, as WordPress prints it.
const leafbridgeShopPage = `<!DOCTYPE html>
<html lang="en-US"><head><meta charset="UTF-8"><title>Shop</title>
<script id="leafbridge-public-js-extra">
var leafbridge_public_ajax_obj = {"ajaxurl":"\/wp-admin\/admin-ajax.php","nonce_ajax":"` + leafbridgeNonce + `","age_gate":"1"};
</script></head>
<body class="page-template-leafbridge-shop"><main id="leafbridge-shop"><div class="leafbridge_products_wrapper"></div></main></body></html>
`

// leafbridgePlatform: the LeafBridge plugin's shop page and admin-ajax, stores keyed
// by retailer id (storeId).
var leafbridgePlatform = platform{
	name: "leafbridge",
	routes: []route{
		{exactPath(leafbridgeShopPath), (*Server).serveLeafBridgeShop},
		{exactPath(leafbridgeAjaxPath), (*Server).serveLeafBridgeAjax},
	},
	keyHelp:    "its storeId, the retailer id",
	demoStores: 1,
	demoMenu: func(src *data.MenuSource, d data.Dispensary) {
		src.StoreID = uuid("demo-leafbridge-retailer", d.Slug)
		src.URL = demoSite(d) + "shop/"
	},
}

func (s *Server) serveLeafBridgeShop(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/html; charset=UTF-8")
	w.Write([]byte(leafbridgeShopPage))
}

func (s *Server) serveLeafBridgeAjax(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost || r.ParseForm() != nil || r.PostForm.Get("action") != "wizard_show_products" {
		writeText(w, http.StatusBadRequest, "0") // WordPress's answer to an unknown action
		return
	}
	if r.PostForm.Get("nonce_ajax") != leafbridgeNonce {
		writeText(w, http.StatusForbidden, "-1") // and to a refused nonce
		return
	}
	retailer := r.PostForm.Get("wizard_data[retailer_id]")
	mode, done := s.failed(w, r, "leafbridge", retailer)
	if done {
		return
	}
	page, err := strconv.Atoi(r.PostForm.Get("prods_pageNumber"))
	if err != nil || page < 1 {
		page = 1
	}
	var products []map[string]any
	if st, ok := s.dataset().Store("leafbridge", retailer); ok {
		menuType := strings.ToUpper(r.PostForm.Get("wizard_data[menu_type]"))
		for _, p := range st.OnMenu() {
			rec := plusProduct(st, p)
			if types, _ := rec["menuTypes"].([]string); slices.Contains(types, menuType) {
				products = append(products, rec)
			}
		}
	}
	from, to := min((page-1)*leafbridgePerPage, len(products)), min(page*leafbridgePerPage, len(products))
	s.writeReply(w, map[string]any{"success": true, "data": map[string]any{
		"products_list": nonNil(products[from:to]), "products_count": len(products),
		"prods_per_page": leafbridgePerPage, "prods_pageNumber": page, "products_html": "",
	}}, mode)
}
