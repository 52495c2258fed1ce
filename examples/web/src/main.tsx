import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createDocsGraphClient } from 'docs-graph/client';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import './styles.css';

/** Token of the demo persona chosen last (the selector in the header changes it). */
const token = localStorage.getItem('docs-graph-token') ?? 'dg_demo_admin';
const client = createDocsGraphClient({ endpoint: '/graphql', token });
const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 10_000 } },
});

const root = document.getElementById('root');
if (!root) throw new Error('no #root element');
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <App
        token={token}
        onToken={(next) => {
          localStorage.setItem('docs-graph-token', next);
          client.setToken(next);
          queryClient.clear();
        }}
      />
    </QueryClientProvider>
  </StrictMode>,
);
