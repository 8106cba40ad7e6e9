import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './views/App.tsx';
import './views/theme.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
