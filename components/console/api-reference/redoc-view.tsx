"use client";

import { useEffect } from "react";
import {
  ApiContentWrap,
  AppStore,
  BackgroundStub,
  ContentItems,
  MenuItems,
  OptionsProvider,
  RedocWrap,
  StickyResponsiveSidebar,
  StoreProvider,
  ThemeProvider,
} from "redoc";

// Redoc's own layout (its <Redoc> component) put together from the parts it exports, less one: its side menu
// ends in an "API docs by Redocly" link whose logo is an image on cdn.redoc.ly, a request this page must not
// make (and the CSP's img-src refuses). The menu items are Redoc's, without that footer. Its API info block is
// left out too: the page's header already has the title and the download link, and its <h1> would be a second.
export function RedocView({ store }: { store: AppStore }) {
  useEffect(() => {
    store.onDidMount();
    return () => store.dispose();
  }, [store]);
  const { menu, options } = store;
  return (
    <ThemeProvider theme={options.theme}>
      <StoreProvider value={store}>
        <OptionsProvider value={options}>
          <RedocWrap className="redoc-wrap">
            <StickyResponsiveSidebar menu={menu} className="menu-content">
              <MenuItems items={menu.items} onActivate={(item) => menu.activateAndScroll(item, true)} root />
            </StickyResponsiveSidebar>
            <ApiContentWrap className="api-content">
              <ContentItems items={menu.items as ContentItems["props"]["items"]} />
            </ApiContentWrap>
            <BackgroundStub />
          </RedocWrap>
        </OptionsProvider>
      </StoreProvider>
    </ThemeProvider>
  );
}
