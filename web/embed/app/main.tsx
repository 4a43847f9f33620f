import { createRoot } from 'react-dom/client';
import { App } from './App';
import './widget.css';

createRoot(document.getElementById('root')!).render(<App />);
