import { createContext as createReactContext, useContext } from "react";
import { createContext } from "react-router";

/** The CSP nonce of this request: made by the root middleware, read by the server entry. */
export const nonceContext = createContext<string>("");

const NonceReactContext = createReactContext<string>("");
export const NonceProvider = NonceReactContext.Provider;
export const useNonce = () => useContext(NonceReactContext);
