/**
 * The libraries the app's code runs on, evaluated in a task of their own before the app
 * (main.tsx): on a phone that splits one long task of starting up into two shorter ones.
 */
import 'react';
import 'react-dom/client';
import 'react-router';
import '@tanstack/react-query';
