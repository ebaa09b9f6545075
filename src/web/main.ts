const app = document.getElementById('app')!;
app.textContent = 'snug';
