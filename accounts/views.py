from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render

from .forms import DisplayNameForm, SignUpForm


def sign_up(request):
    if request.user.is_authenticated:
        return redirect("lobby")
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(request, f"Welcome, {user.shown_name}!")
        return redirect(request.GET.get("next") or "lobby")
    return render(request, "accounts/sign_up.html", {"form": form})


@login_required
def profile(request):
    form = DisplayNameForm(request.POST or None, instance=request.user)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, "Display name saved.")
        return redirect("profile")
    return render(request, "accounts/profile.html", {"form": form})
