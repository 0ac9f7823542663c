import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createQueryClient } from "./api/query";
import { AuthProvider } from "./features/accounts/AuthProvider";
import { BrowserRouter } from "./router";
import { AppRoutes } from "./routes";
import { ErrorBoundary } from "./ui/ErrorBoundary";
import { installFocusRescue } from "./ui/focusRescue";
import { ToastProvider } from "./ui/Toast";
import "./ui/theme.css";

const queryClient = createQueryClient();
const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");
installFocusRescue();

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <ToastProvider>
          <BrowserRouter>
            <ErrorBoundary>
              <AppRoutes />
            </ErrorBoundary>
          </BrowserRouter>
        </ToastProvider>
      </AuthProvider>
    </QueryClientProvider>
  </StrictMode>,
);
